# lib/x86 rules (none yet)
