"""Every problem of a case at once, as the CLI's case loader reports them
(tools/common/json_read.c): the readers go on after a malformed field,
and the case is refused with one CaseError listing up to MAX_PROBLEMS
lines, each with the closest allowed name where a key, a format or an
enum value is a near miss.

A reader raises CaseError for a problem (fail() in _case_json.py) and
calls the parts of a case through attempt(): inside collect() the error
is noted and reading goes on with the next part; outside it (a reader
called on its own) the first problem is raised, as it always was.
"""
import contextvars

from .errors import CaseError

MAX_PROBLEMS = 20  # VF_CASE_MAX_PROBLEMS

# The problems of the case being read in this thread or task, or None.
_CURRENT = contextvars.ContextVar("vfetch_case_problems", default=None)


class Reported(CaseError):
    """A problem already reported under another line: a field missing where
    a near-miss key was named as unknown with this name. Adds nothing."""

    def __init__(self, message):
        super().__init__(message, problems=[])


class _Problems:
    def __init__(self):
        self.lines = []
        self.count = 0
        self.silent = []

    def add(self, error):
        if isinstance(error, Reported):
            self.silent.append(str(error))
        for line in error.problems:
            self.count += 1
            if len(self.lines) < MAX_PROBLEMS:
                self.lines.append(line)

    def error(self):
        """The CaseError of everything noted; None when nothing was."""
        lines = self.lines or self.silent[:1]
        if not lines:
            return None
        more = self.count - len(self.lines)
        text = "\n".join(lines)
        if more > 0:
            text += "\n... and %d more problem%s not shown" % (more, "" if more == 1 else "s")
        return CaseError(text, problems=lines, problem_count=max(self.count, len(lines)))


def collecting():
    return _CURRENT.get() is not None


def note(error):
    """Records CaseError `error` when a case is being collected; raises it
    when not."""
    problems = _CURRENT.get()
    if problems is None:
        raise error
    problems.add(error)


def attempt(fn, *args, default=None, **kw):
    """fn(*args, **kw); while a case is collected, a CaseError from it is
    noted and `default` returned so that the reader goes on."""
    if _CURRENT.get() is None:
        return fn(*args, **kw)
    try:
        return fn(*args, **kw)
    except CaseError as e:
        note(e)
        return default


def collect(fn, *args):
    """Runs reader fn(*args) collecting every problem; raises one CaseError
    with them all (in the order found) if there was any, else returns what
    fn returned."""
    problems = _Problems()
    token = _CURRENT.set(problems)
    try:
        result = fn(*args)
    except CaseError as e:
        problems.add(e)
    except Exception:
        # A part read with a default after a noted problem may not fit what
        # follows (a list one entry short, say): the noted problems are the
        # cause. With none noted it is a fault of the reader: raise it.
        if not problems.count:
            raise
    finally:
        _CURRENT.reset(token)
    error = problems.error()
    if error is not None:
        raise error
    return result


def _distance(a, b, limit):
    """Edits from a to b ignoring case (insertions, deletions, substitutions
    and swaps of neighbours), or limit + 1 once past limit."""
    a, b = a.lower(), b.lower()
    n, m = len(a), len(b)
    if n > 64 or m > 64 or abs(n - m) > limit:
        return limit + 1
    rows = [list(range(m + 1))]
    for i in range(1, n + 1):
        cur = [i] + [0] * m
        prev = rows[-1]
        for j in range(1, m + 1):
            best = min(prev[j - 1] + (a[i - 1] != b[j - 1]), prev[j] + 1, cur[j - 1] + 1)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, rows[-2][j - 2] + 1)
            cur[j] = best
        rows = rows[-1:] + [cur]
    return rows[-1][m]


def suggest(word, names):
    """The name of `names` closest to `word` ignoring case, as the CLI picks
    it (vf_json_suggest): one or two letters wrong, missing, extra or
    swapped (one for words under 6 letters), `word` a start of the name of
    4 letters or more, or the name a start of `word` of 4 or more; None
    when none is close."""
    word = str(word)
    low, limit = word.lower(), 2 if len(word) >= 6 else 1
    best, pick = limit + 1, None
    for name in names:
        d = _distance(word, name, limit)
        if d > limit and len(word) >= 4 and name.lower().startswith(low):
            d = limit
        if d > limit and 4 <= len(name) < len(word) and low.startswith(name.lower()):
            d = limit
        if d < best:
            best, pick = d, name
    return pick


def did_you_mean(near, before=""):
    return " (did you mean '%s%s'?)" % (before, near) if near else ""
