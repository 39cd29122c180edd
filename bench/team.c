/*
 * team.c - vfetch-bench's thread team (team.h).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif

#include "team.h"

/* Members spin a while before they sleep, so back-to-back timed runs do
 * not pay a wake-up each; an idle team sleeps and costs nothing.
 *
 * A run is a generation. A member joins it before working on it; when the
 * caller has finished its own share it closes the generation and waits
 * only for members that joined. A member the OS has not scheduled yet (the
 * machine may be shared) then skips the run instead of holding it up. */
#define TEAM_SPIN 20000u
#define TEAM_CLOSED 0x80000000u

struct team {
    unsigned size;
    pthread_t *threads;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_cond_t done_cond;
    /* generation << 32 | TEAM_CLOSED | members joined */
    _Atomic uint64_t state;
    atomic_uint finished;
    atomic_int quit;
    team_task_fn fn;
    void *arg;
};

struct team_member {
    struct team *team;
    unsigned index;
};

static inline void team_pause(void)
{
#if defined(__SSE2__)
    _mm_pause();
#endif
}

static void *member_main(void *p)
{
    struct team_member *m = p;
    struct team *team = m->team;
    unsigned index = m->index;
    uint32_t seen = 0;

    free(m);
    for (;;) {
        uint64_t st;
        unsigned spins = 0;
        while ((uint32_t)((st = atomic_load_explicit(&team->state, memory_order_acquire)) >> 32) ==
                   seen &&
               spins < TEAM_SPIN) {
            team_pause();
            spins++;
        }
        if ((uint32_t)(st >> 32) == seen) {
            pthread_mutex_lock(&team->lock);
            while ((uint32_t)((st = atomic_load(&team->state)) >> 32) == seen)
                pthread_cond_wait(&team->wake, &team->lock);
            pthread_mutex_unlock(&team->lock);
        }
        seen = (uint32_t)(st >> 32);
        if (atomic_load(&team->quit))
            return NULL;
        /* Join unless the caller already closed this generation. */
        int joined = 0;
        while ((uint32_t)(st >> 32) == seen && !(st & TEAM_CLOSED)) {
            if (atomic_compare_exchange_weak(&team->state, &st, st + 1)) {
                joined = 1;
                break;
            }
        }
        if (!joined)
            continue;
        team->fn(team->arg, index, team->size);
        pthread_mutex_lock(&team->lock);
        atomic_fetch_add(&team->finished, 1);
        pthread_cond_signal(&team->done_cond);
        pthread_mutex_unlock(&team->lock);
    }
}

struct team *team_create(unsigned threads)
{
    struct team *team = calloc(1, sizeof(*team));

    if (team == NULL || threads == 0) {
        free(team);
        return NULL;
    }
    team->size = threads;
    team->threads = calloc(threads, sizeof(pthread_t));
    if (team->threads == NULL) {
        free(team);
        return NULL;
    }
    pthread_mutex_init(&team->lock, NULL);
    pthread_cond_init(&team->wake, NULL);
    pthread_cond_init(&team->done_cond, NULL);
    atomic_init(&team->state, 0);
    atomic_init(&team->finished, 0);
    atomic_init(&team->quit, 0);
    for (unsigned i = 1; i < threads; i++) {
        struct team_member *m = malloc(sizeof(*m));
        if (m != NULL) {
            m->team = team;
            m->index = i;
        }
        if (m == NULL || pthread_create(&team->threads[i], NULL, member_main, m) != 0) {
            free(m);
            team->size = i; /* destroy joins only those created */
            team_destroy(team);
            return NULL;
        }
    }
    return team;
}

unsigned team_size(const struct team *team)
{
    return team->size;
}

void team_run(struct team *team, team_task_fn fn, void *arg)
{
    if (team->size == 1) {
        fn(arg, 0, 1);
        return;
    }
    team->fn = fn;
    team->arg = arg;
    atomic_store(&team->finished, 0);
    pthread_mutex_lock(&team->lock);
    uint64_t gen = (atomic_load(&team->state) >> 32) + 1;
    atomic_store_explicit(&team->state, gen << 32, memory_order_release);
    pthread_cond_broadcast(&team->wake);
    pthread_mutex_unlock(&team->lock);

    fn(arg, 0, team->size);

    uint32_t joined = (uint32_t)(atomic_fetch_or(&team->state, TEAM_CLOSED) & (TEAM_CLOSED - 1));
    unsigned spins = 0;
    while (atomic_load_explicit(&team->finished, memory_order_acquire) < joined &&
           spins < TEAM_SPIN) {
        team_pause();
        spins++;
    }
    if (atomic_load(&team->finished) < joined) {
        pthread_mutex_lock(&team->lock);
        while (atomic_load(&team->finished) < joined)
            pthread_cond_wait(&team->done_cond, &team->lock);
        pthread_mutex_unlock(&team->lock);
    }
}

void team_destroy(struct team *team)
{
    if (team == NULL)
        return;
    pthread_mutex_lock(&team->lock);
    atomic_store(&team->quit, 1);
    atomic_fetch_add(&team->state, (uint64_t)1 << 32);
    pthread_cond_broadcast(&team->wake);
    pthread_mutex_unlock(&team->lock);
    for (unsigned i = 1; i < team->size; i++)
        pthread_join(team->threads[i], NULL);
    pthread_cond_destroy(&team->done_cond);
    pthread_cond_destroy(&team->wake);
    pthread_mutex_destroy(&team->lock);
    free(team->threads);
    free(team);
}
