#pragma once
// Why a launch size is malformed, in the one wording every reader of launch
// sizes uses (check and explore's --block-dim/--grid-dim, the hook's
// .racecert, GPUVerify headers). Implemented with the parser, in
// launch_dims.cpp.
#include <string>

namespace racecert {

// "invalid launch size '[16,16': missing ']' at column 7 (expected N, [X,Y]
// or [X,Y,Z])"; for a size parse_launch_size(text, allow_star) rejects.
std::string launch_dims_error(const std::string& text, bool allow_star = false);

}  // namespace racecert
