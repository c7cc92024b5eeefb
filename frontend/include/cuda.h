// Shadowed by racecert: everything is declared in racecert_cuda.h,
// which is force-included before the kernel. As with GPUVerify's cuda.h,
// cooperative groups come along (kernels of its testsuite use them after
// including cuda.h only).
#pragma once
#include "cooperative_groups.h"
