/*
 * progress.h - the progress line of a vfetch-bench run on a terminal:
 * which planned case runs, the time spent and about how much is left
 * (progress.c). Drawn on stderr, only when the table goes to a terminal;
 * never in CSV or JSON output or when stdout is a file or a pipe.
 */
#ifndef VF_BENCH_PROGRESS_H
#define VF_BENCH_PROGRESS_H

#include "plan.h"

/* Starts the line for plan p when `on` (the caller's choice: a table on a
 * terminal, no --no-progress); the plan must outlive the run. */
void progress_start(const struct bench *b, const struct plan *p, int on);
/* Planned item i begins. */
void progress_item(unsigned i);
/* Redraws the line with the time spent (at most a few times a second). */
void progress_update(void);
/* Erases the line, so a table row prints on a clean line; the next
 * progress_update draws it again. Call before writing to stdout. */
void progress_clear(void);
/* Erases the line for good. */
void progress_end(void);

#endif /* VF_BENCH_PROGRESS_H */
