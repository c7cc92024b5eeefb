#pragma once
// Parser of PTX litmus tests in the herd/Dat3M dialect (grammar in
// docs/explorer.md), written with Boost.Spirit X3. Syntax errors, unknown
// instructions and unsupported constructs (herd's `locations` and
// `filter` sections) are thrown as racecert::Error with exit code kExitBadInput and
// read "file:line:col: error: ...".
#include <string>

#include "explorer/litmus_ast.hpp"
#include "support/diagnostic.hpp"

namespace racecert::explorer::litmus {

Test parse_litmus(const std::string& text, const std::string& filename = "<input>");
Test parse_litmus_file(const std::string& path);

// 1-based line and column of a byte offset (exposed for the lowering pass).
SourceLoc locate(const std::string& text, const std::string& filename, std::size_t offset);

}  // namespace racecert::explorer::litmus
