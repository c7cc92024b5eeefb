#pragma once
// Parser of the text form of the core language (docs/named-barriers.md),
// written with Boost.Spirit X3:
//
//   kernel fig3 block 64 {
//     warp 0 { sync 0 64; write g[lane]; arrive 1 64 }
//     warp 1 { sync 0 64; sync 1 64; read g[lane] }
//   }
//
// Errors are racecert::Error with exit code 2 reading
// "file:line:col: error: ...". Every parsed program is validated.
#include <string>
#include <vector>

#include "barriers/program.hpp"

namespace racecert::barriers {

std::vector<Program> parse_text(const std::string& text, const std::string& filename = "<input>");
std::vector<Program> parse_text_file(const std::string& path);

}  // namespace racecert::barriers
