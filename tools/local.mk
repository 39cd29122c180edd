# tools rules (none yet)
