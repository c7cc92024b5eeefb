// Shadowed by racecert: everything is declared in racecert_cuda.h,
// which is force-included before the kernel.
#pragma once
