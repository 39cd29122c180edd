/* pool.c: not written yet */
typedef int vf_placeholder_pool;
