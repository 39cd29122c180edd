/*
 * pool.c - the built-in thread pool that vf_draw splits work over.
 *
 * Workers sleep on a condition variable until a job is posted (a new
 * generation) and join it while it is open; the posting thread runs the job
 * too, then closes it and waits only for the workers that joined, so a
 * job's memory may live on the poster's stack, and a worker slow to wake
 * (tens of microseconds on a busy machine) never delays a job the poster
 * finished alone. A job function must therefore be correct however many
 * of the workers take part, from none to all. A second mutex makes
 * concurrent posters take turns. Nothing is allocated after creation.
 */
#define _POSIX_C_SOURCE 200809L

#include "vf_internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <signal.h>
#include <stdlib.h>

#define VF_MAX_POOL_THREADS 256u

struct vf_thread_pool {
    pthread_mutex_t run_lock; /* held by the one poster whose job runs */
    pthread_mutex_t lock;     /* guards everything below */
    pthread_cond_t wake;      /* a new generation was posted, or stop */
    pthread_cond_t done;      /* busy dropped to 0 */
    void (*fn)(void *arg);
    void *arg;
    uint64_t generation;
    int open;      /* the current job still takes workers */
    uint32_t busy; /* workers that joined the current job and are in it */
    int stop;
    uint32_t num_threads;
    _Atomic size_t min_bytes; /* smaller draws run on the caller alone */
    pthread_t threads[];
};

static void *pool_worker(void *arg)
{
    vf_thread_pool *pool = arg;
    uint64_t seen = 0;

    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->stop && pool->generation == seen)
            pthread_cond_wait(&pool->wake, &pool->lock);
        if (pool->stop)
            break;
        seen = pool->generation;
        if (!pool->open)
            continue; /* woke after the poster finished the job alone */
        void (*fn)(void *) = pool->fn;
        void *fn_arg = pool->arg;
        pool->busy++;
        pthread_mutex_unlock(&pool->lock);
        fn(fn_arg);
        pthread_mutex_lock(&pool->lock);
        if (--pool->busy == 0 && !pool->open)
            pthread_cond_signal(&pool->done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

/* Stops and joins the first `started` workers, then frees the pool. */
static void pool_free(vf_thread_pool *pool, uint32_t started)
{
    pthread_mutex_lock(&pool->lock);
    pool->stop = 1;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (uint32_t i = 0; i < started; i++)
        pthread_join(pool->threads[i], NULL);
    pthread_cond_destroy(&pool->done);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->lock);
    pthread_mutex_destroy(&pool->run_lock);
    free(pool);
}

vf_result vf_thread_pool_create(uint32_t threads, vf_thread_pool **pool_ret)
{
    if (!pool_ret)
        return VF_ERROR_NULL_POINTER;
    if (threads < 1 || threads > VF_MAX_POOL_THREADS)
        return VF_ERROR_INVALID_ARGUMENT;

    vf_thread_pool *pool = calloc(1, sizeof(*pool) + threads * sizeof(pthread_t));
    if (!pool)
        return VF_ERROR_OUT_OF_MEMORY;
    pool->num_threads = threads;
    atomic_init(&pool->min_bytes, VF_POOL_DEFAULT_MIN_BYTES);
    if (pthread_mutex_init(&pool->run_lock, NULL) != 0) {
        free(pool);
        return VF_ERROR_THREAD;
    }
    if (pthread_mutex_init(&pool->lock, NULL) != 0) {
        pthread_mutex_destroy(&pool->run_lock);
        free(pool);
        return VF_ERROR_THREAD;
    }
    if (pthread_cond_init(&pool->wake, NULL) != 0) {
        pthread_mutex_destroy(&pool->lock);
        pthread_mutex_destroy(&pool->run_lock);
        free(pool);
        return VF_ERROR_THREAD;
    }
    if (pthread_cond_init(&pool->done, NULL) != 0) {
        pthread_cond_destroy(&pool->wake);
        pthread_mutex_destroy(&pool->lock);
        pthread_mutex_destroy(&pool->run_lock);
        free(pool);
        return VF_ERROR_THREAD;
    }

    /* Workers block every signal, so signals meant for the application are
     * delivered to its own threads. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    uint32_t started = 0;
    while (started < threads &&
           pthread_create(&pool->threads[started], NULL, pool_worker, pool) == 0)
        started++;
    pthread_sigmask(SIG_SETMASK, &old, NULL);

    if (started < threads) {
        pool_free(pool, started);
        return VF_ERROR_THREAD;
    }
    *pool_ret = pool;
    return VF_OK;
}

void vf_thread_pool_destroy(vf_thread_pool *pool)
{
    if (pool)
        pool_free(pool, pool->num_threads);
}

uint32_t vf_thread_pool_size(const vf_thread_pool *pool)
{
    return pool->num_threads;
}

void vf_thread_pool_set_min_bytes(vf_thread_pool *pool, size_t bytes)
{
    if (pool)
        atomic_store_explicit(&pool->min_bytes, bytes, memory_order_relaxed);
}

size_t vf_thread_pool_min_bytes(vf_thread_pool *pool)
{
    return atomic_load_explicit(&pool->min_bytes, memory_order_relaxed);
}

void vf_thread_pool_run(vf_thread_pool *pool, void (*fn)(void *arg), void *arg)
{
    pthread_mutex_lock(&pool->run_lock);

    pthread_mutex_lock(&pool->lock);
    pool->fn = fn;
    pool->arg = arg;
    pool->open = 1;
    pool->generation++;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);

    fn(arg);

    pthread_mutex_lock(&pool->lock);
    pool->open = 0;
    while (pool->busy != 0)
        pthread_cond_wait(&pool->done, &pool->lock);
    pthread_mutex_unlock(&pool->lock);

    pthread_mutex_unlock(&pool->run_lock);
}
