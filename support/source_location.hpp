#pragma once
#include <cstddef>
#include <string>
#include <type_traits>

#include "support/file_name.hpp"

namespace racecert {

// A position in a user's file; line and column are 1-based, 0 means unknown.
// Copied into every statement and access: 16 bytes, trivially copyable.
struct SourceLoc {
  FileName file;
  int line = 0;
  int column = 0;

  bool known() const { return line > 0; }
  std::string str() const;  // "file:line:col" (or the parts that are known)
  friend bool operator==(const SourceLoc&, const SourceLoc&) = default;
};

// The line and column of byte `offset` of `text` (parsers report positions
// as offsets; an offset past the end is the end).
SourceLoc location_at(const std::string& text, std::size_t offset, const std::string& filename);

static_assert(sizeof(SourceLoc) == 16 && std::is_trivially_copyable_v<SourceLoc>,
              "SourceLoc is copied per statement and per access: keep it one pointer and two ints");

}  // namespace racecert
