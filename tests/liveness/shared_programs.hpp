#pragma once
// Litmus programs that more than one liveness test file runs.

namespace racecert::liveness::test_programs {

// Once m == 2 both threads loop forever, each exchange writing back the 2
// it read: a livelock under every model, under SRC11 and under PTX (whose
// enumeration once called it "terminates": no candidate shows both last
// writes co'-maximal).
inline constexpr const char* kSilentExchanges = R"(PTX silent_exchanges
{ m=0; P0:r0=0; P1:r1=0; }
 P0@cta 0,gpu 0                 | P1@cta 0,gpu 0                 ;
 L0:                            | L2:                            ;
 atom.relaxed.gpu.exch r0, m, 2 | ld.relaxed.gpu r1, m           ;
 beq r0, 0, L0                  | beq r1, 0, L2                  ;
 L1:                            | L3:                            ;
 ld.relaxed.gpu r0, m           | atom.relaxed.gpu.exch r1, m, 2 ;
 beq r0, 2, L0                  | beq r1, 2, L3                  ;
 ld.relaxed.gpu r0, m           |                                ;
 beq r0, 2, L1                  |                                ;
exists 0==0
)";

}  // namespace racecert::liveness::test_programs
