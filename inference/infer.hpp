#pragma once
// Protocol inference: from a kernel in the kernel IR to one protocol per
// array (a protocol::Kernel whose arrays are the kernel's shared and global
// arrays; smt::check projects it array by array).
//
// Values are tracked SSA-style: each kernel variable maps to an expression
// over the protocol's immutable variables (parameters, builtins, loop
// variables, fresh unknowns). Only what indices and control flow need is
// kept; everything else becomes an unknown of the right uniformity.
#include <vector>

#include "kernel_ir/kernel_ir.hpp"
#include "protocol/protocol.hpp"
#include "support/report.hpp"

namespace racecert::inference {

struct Inference {
  protocol::Kernel protocol;
  // Constructs the protocol cannot model soundly: the verdict is `unknown`.
  std::vector<Diagnostic> unsupported;
  // Things the user should know (ignored warp barriers, named barriers).
  std::vector<Diagnostic> notes;
};

struct InferOptions {
  // Loads of one cell nothing writes give every thread one value
  // (kir::uniformity); false under GPUVerify's --adversarial-abstraction.
  bool uniform_loads = true;
  // Two reads of one cell by one thread in a barrier interval agree
  // (inference/phase_reads.hpp); false under --adversarial-abstraction.
  bool consistent_reads = true;
};
Inference infer_protocol(const kir::Kernel& k, const InferOptions& o = {});

}  // namespace racecert::inference
