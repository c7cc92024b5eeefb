#pragma once
// The JSON that `racecert ... --format json` prints, parsed for a test: a
// text that is not JSON fails the test and gives null.
#include <gtest/gtest.h>
#include <llvm/Support/JSON.h>

#include <string>

namespace racecert::testkit {

inline llvm::json::Value parse_json(const std::string& text) {
  auto v = llvm::json::parse(text);
  if (!v) {
    ADD_FAILURE() << "not JSON: " << llvm::toString(v.takeError()) << "\n" << text;
    return llvm::json::Value(nullptr);
  }
  return std::move(*v);
}

}  // namespace racecert::testkit
