/*
 * team.h - a team of threads that runs one function on every member, for
 * vfetch-bench's copies (the library's draws have their own pool).
 */
#ifndef VF_BENCH_TEAM_H
#define VF_BENCH_TEAM_H

typedef void (*team_task_fn)(void *arg, unsigned index, unsigned count);
struct team;
/* `threads` >= 1 members; the caller is member 0, so threads - 1 are
 * created. NULL if a thread could not be created. */
struct team *team_create(unsigned threads);
unsigned team_size(const struct team *team);
/* Runs fn(arg, i, n) on every member i and returns when all are done. */
void team_run(struct team *team, team_task_fn fn, void *arg);
void team_destroy(struct team *team);

#endif /* VF_BENCH_TEAM_H */
