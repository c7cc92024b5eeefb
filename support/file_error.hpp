#pragma once
// Why a file cannot be read, in the one wording every reader of input files
// uses (read_file, the GPUVerify header reader).
#include <string>

#include "support/diagnostic.hpp"

namespace racecert {

// The input error of a file that cannot be read, with the reason: "is a
// directory, not a file", or the system's for errno value `error` ("cannot
// read file: No such file or directory").
Error unreadable_file(const std::string& path, int error);

}  // namespace racecert
