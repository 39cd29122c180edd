# lib/arm rules (none yet)
