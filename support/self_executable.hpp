#pragma once
// Where the running racecert is, so that what it ships beside itself (the
// racecert-measure launcher, the device headers of an installed copy) is
// found relative to it and an installation can be moved.
#include <string>

namespace racecert {

// The running executable (/proc/self/exe); empty when it cannot be read.
std::string self_executable();

}  // namespace racecert
