#pragma once
// Text checks that tests of several libraries share.
#include <string>

namespace racecert::testkit {

// Whether `what` occurs in `text` (an output that must mention something).
inline bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace racecert::testkit
