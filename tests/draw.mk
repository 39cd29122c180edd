# tests rules (none yet)
