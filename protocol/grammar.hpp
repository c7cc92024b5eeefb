#pragma once
// Internal: the raw parse result of the protocol grammar, before name
// resolution and type checking (parser.cpp). Positions are byte offsets
// into the input.
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "protocol/protocol.hpp"

namespace racecert::protocol::detail {

struct RawArray {
  ArrayDecl decl;
  bool dims_given = false;
  std::size_t pos = 0;
};

struct RawKernel {
  std::string name;
  std::size_t pos = 0;
  std::vector<RawArray> arrays;
  std::vector<std::pair<Expr, std::size_t>> assumes;
  Block body;  // top-level declarations stay in the body until resolution
};

// Filled while parsing: where each expression node started (statements carry
// their own SourceLoc).
struct Positions {
  std::map<const ExprNode*, std::size_t> expr;
};

struct RawFile {
  std::vector<RawKernel> kernels;
};

// Runs the X3 grammar over `text`. Throws racecert::Error on syntax errors.
RawFile parse_raw(const std::string& text, const std::string& filename, Positions& pos);
Expr parse_raw_expr(const std::string& text, const std::string& filename, Positions& pos);

// Converts an offset into a 1-based line/column position.
SourceLoc locate(const std::string& text, const std::string& filename, std::size_t offset);

}  // namespace racecert::protocol::detail
