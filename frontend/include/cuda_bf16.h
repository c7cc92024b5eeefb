// Shadowed by racecert: the device API is declared in racecert_cuda.h.
#pragma once
