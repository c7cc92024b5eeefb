#pragma once
#include <string>

#include "barriers/parser.hpp"

namespace racecert::barriers::testing {

inline std::string dataset(const std::string& name) {
  return std::string(RACECERT_SOURCE_DIR) + "/datasets/barriers/" + name;
}
inline Program parse_one(const std::string& text) { return parse_text(text, "t.bar").at(0); }
inline Program load(const std::string& name) { return parse_text_file(dataset(name)).at(0); }

}  // namespace racecert::barriers::testing
