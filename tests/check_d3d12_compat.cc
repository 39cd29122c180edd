// check_d3d12_compat.cc - the same checks compiled as C++.
#include "check_d3d12_compat.c"
