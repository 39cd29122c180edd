/*
 * vfetch - run Direct3D 12 input-assembler cases from the command line.
 *
 *   vfetch run CASE.json [-o FILE] [--output table|json|csv|raw|raw1] [--hex]
 *                        [--instances A..B] [--positions A..B] [--raw-version 1|2]
 *                        [--isa NAME] [--threads N] [--primitives]
 *   vfetch validate CASE.json
 *   vfetch formats [--json]
 *   vfetch compare CASE.json CAPTURED [--accept KINDS] [--known-deviations FILE]
 *                  [--output text|json] [--stride N] [--offset N] [--register NAME=OFF]
 *   vfetch demo [run options] [--case]
 *
 * Exit status: 0 success; 1 the case breaks a D3D rule (invalid input layout
 * or draw); 2 usage errors and malformed input (bad JSON, unknown names,
 * missing or short files, output too large). See vfetch(1).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static int cmd_version(int argc, char **argv)
{
    struct options o;
    int rc = parse_options("version", help_version, 0, argc, argv, &o);
    uint32_t def;

    if (rc >= 0)
        return rc;
    def = vf_isa_default();
    printf("vfetch %s\nfetch paths:", vf_version());
    for (uint32_t i = VF_ISA_SCALAR; i < VF_ISA_COUNT; i++) {
        if (vf_isa_name(i) == NULL)
            continue;
        printf(" %s%s", vf_isa_name(i),
               !vf_isa_available(i) ? "(unavailable)" : i == def ? "(default)" : "");
    }
    putchar('\n');
    return 0;
}

struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    help_fn *help;
};

static const struct command commands[] = {
    { "run", cmd_run, help_run },
    { "validate", cmd_validate, help_validate },
    { "formats", cmd_formats, help_formats },
    { "compare", cmd_compare, help_compare },
    { "demo", cmd_demo, help_demo },
    { "version", cmd_version, help_version },
};

#define NUM_COMMANDS (sizeof(commands) / sizeof(commands[0]))

/* help [COMMAND]. */
static int help(int argc, char **argv)
{
    if (argc == 0) {
        help_main();
        return 0;
    }
    for (size_t i = 0; i < NUM_COMMANDS; i++) {
        if (strcmp(argv[0], commands[i].name) == 0) {
            commands[i].help();
            return 0;
        }
    }
    cli_error("no command '%s'; try '%s help'", argv[0], CLI_PROGNAME);
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    const char *cmd;

    if (argc < 2) {
        help_main_to(stderr);
        return EXIT_USAGE;
    }
    cmd = argv[1];
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0)
        return help(argc - 2, argv + 2);
    if (strcmp(cmd, "--version") == 0)
        return cmd_version(0, NULL);
    for (size_t i = 0; i < NUM_COMMANDS; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return commands[i].fn(argc - 2, argv + 2);
    cli_error("unknown command '%s'; try '%s help'", cmd, CLI_PROGNAME);
    return EXIT_USAGE;
}
