#pragma once
// cxxopts, as every sub-command includes it. A vector option's value is
// split at commas by default, which breaks `-DPAIR=(1,2)` and include
// paths with commas: racecert's vector options take one value per flag
// (repeat the flag for more), so the split is turned off everywhere. One
// definition for every file, so that cxxopts' inline functions agree.
#define CXXOPTS_VECTOR_DELIMITER '\0'
#include <cxxopts.hpp>
