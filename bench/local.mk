# bench rules (none yet)
