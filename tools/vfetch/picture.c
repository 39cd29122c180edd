/*
 * picture.c - what `vfetch run` adds to its records: the register filter
 * (--registers) and the picture of the primitives (--picture).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "svg_picture.h"

/* The names of every data register, for a message. */
static void list_registers(const struct vf_records *rec, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (uint32_t i = 0; i + 1 < rec->registers && len < size; i++) {
        char name[80];
        vf_output_register_name(rec, i, name, sizeof(name));
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", name);
    }
}

/* A register named on the command line: its number, or an exit status
 * after a message naming the registers there are. */
static int find_register(const char *name, const char *option, const struct vf_records *rec,
                         const char *reg, size_t len, uint32_t *index_ret)
{
    char want[80], all[VF_MAX_REGISTERS * 82];

    snprintf(want, sizeof(want), "%.*s", (int)(len < 79 ? len : 79), reg);
    if (len < sizeof(want) && vf_output_find_register(rec, want, index_ret) == 0)
        return 0;
    list_registers(rec, all, sizeof(all));
    cli_error("%s: %s: no register '%.*s'; the records have %s", name, option, (int)len, reg,
              all[0] ? all : "none");
    return EXIT_USAGE;
}

int resolve_registers(const char *name, const char *list, const struct vf_records *rec,
                      uint32_t *regs, uint32_t *num_ret)
{
    uint32_t n = 0;

    for (const char *s = list; *s != '\0';) {
        size_t len = strcspn(s, ",");
        uint32_t index;
        int rc = find_register(name, "--registers", rec, s, len, &index);
        if (rc != 0)
            return rc;
        if (n < VF_MAX_REGISTERS)
            regs[n++] = index;
        s += len + (s[len] == ',');
    }
    *num_ret = n;
    return 0;
}

int write_picture(const char *name, const struct options *o, const struct vf_records *rec,
                  const struct vf_primitive_list *pl, const struct vf_selection *sel)
{
    struct vf_picture_options po = { name, 0, o->project_w };
    int to_stdout = strcmp(o->picture, "-") == 0;
    FILE *f;
    int rc;

    if (o->picture_register != NULL) {
        rc = find_register(name, "--picture-register", rec, o->picture_register,
                           strlen(o->picture_register), &po.position_register);
        if (rc != 0)
            return rc;
    } else if (vf_picture_default_register(rec, &po.position_register) != 0) {
        char first[80];
        if (rec->registers < 2) {
            cli_error("%s: --picture: the records have no data register to draw", name);
            return EXIT_USAGE;
        }
        /* Still a picture of the primitives, from the first register. */
        vf_output_register_name(rec, 0, first, sizeof(first));
        cli_error("%s: --picture: no SV_Position0 or POSITION0 register: drawing %s (choose "
                  "with --picture-register NAME)", name, first);
    }
    f = to_stdout ? stdout : fopen(o->picture, "w");
    if (f == NULL) {
        cli_error("%s: %s", o->picture, strerror(errno));
        return EXIT_USAGE;
    }
    rc = vf_picture_write(f, rec, pl, sel, &po);
    if (rc == -2)
        cli_error("%s: --picture: more than %u vertices and primitives to draw; choose fewer "
                  "with --instances and --positions", name, VF_PICTURE_MAX_ITEMS);
    else if ((fflush(f) != 0 || rc != 0) || (!to_stdout && ferror(f)))
        cli_error("%s: write error: %s", o->picture, strerror(errno));
    if (!to_stdout && fclose(f) != 0 && rc == 0) {
        cli_error("%s: write error: %s", o->picture, strerror(errno));
        rc = -1;
    }
    return rc == 0 ? 0 : EXIT_USAGE;
}
