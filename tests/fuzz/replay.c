/*
 * replay.c - a main() for the fuzz targets when libFuzzer is not used (any
 * compiler, valgrind, make check): runs the target on every file named on
 * the command line (directories: every file in them), then on
 * FUZZ_REPLAY_RANDOM (default 200) deterministic pseudo-random inputs.
 * Without arguments it replays the directories of FUZZ_DEFAULT_CORPUS, a
 * colon-separated list set at build time. A failed check aborts, which is
 * the test failing.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned long files_run;

static void run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(EXIT_FAILURE);
    }
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 4096;
            uint8_t *nb = realloc(buf, cap);
            if (!nb)
                abort();
            buf = nb;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        if (n == 0)
            break;
        len += n;
    }
    fclose(f);
    /* An exact-size copy, so a read past the input is caught too. */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact)
        abort();
    if (len)
        memcpy(exact, buf, len);
    free(buf);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    files_run++;
}

static void run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return; /* a corpus directory that does not exist is empty */
    if (!S_ISDIR(st.st_mode)) {
        run_file(path);
        return;
    }
    DIR *dir = opendir(path);
    if (!dir)
        return;
    struct dirent *de;
    while ((de = readdir(dir)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        size_t n = strlen(path) + strlen(de->d_name) + 2;
        char *full = malloc(n);
        if (!full)
            abort();
        snprintf(full, n, "%s/%s", path, de->d_name);
        struct stat fst;
        if (stat(full, &fst) == 0 && S_ISREG(fst.st_mode))
            run_file(full);
        free(full);
    }
    closedir(dir);
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        for (int i = 1; i < argc; i++)
            run_path(argv[i]);
    } else {
#ifdef FUZZ_DEFAULT_CORPUS
        char *list = strdup(FUZZ_DEFAULT_CORPUS);
        if (!list)
            abort();
        for (char *save = NULL, *p = strtok_r(list, ":", &save); p; p = strtok_r(NULL, ":", &save))
            run_path(p);
        free(list);
#endif
    }

    const char *env = getenv("FUZZ_REPLAY_RANDOM");
    unsigned long nrand = env ? strtoul(env, NULL, 10) : 200;
    uint64_t state = 0x9e3779b97f4a7c15ull;
    for (unsigned long k = 0; k < nrand; k++) {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        size_t len = (size_t)((state * 0x2545f4914f6cdd1dull) >> 56) * 2;
        uint8_t *buf = malloc(len ? len : 1);
        if (!buf)
            abort();
        for (size_t i = 0; i < len; i++) {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            buf[i] = (uint8_t)((state * 0x2545f4914f6cdd1dull) >> 56);
        }
        LLVMFuzzerTestOneInput(buf, len);
        free(buf);
    }
    printf("%s: %lu files, %lu random inputs: ok\n", argv[0], files_run, nrand);
    return 0;
}
