/* cpu.c: not written yet */
typedef int vf_placeholder_cpu;
