//===--- stall.cpp - the report of a block whose lanes can never run again --===//
///
/// \file
/// A block stalls when every lane that has not exited waits at a barrier and
/// none can complete (wave operations always resolve): reportStall names the
/// barriers waited at, the threads at each and the threads that exited.
///
//===----------------------------------------------------------------------===//
#include "engine.h"

#include <algorithm>

namespace wavesan::emu::detail {

std::string formatLaneSet(const std::vector<unsigned> &Ids) {
  std::string Out;
  for (size_t I = 0; I < Ids.size();) {
    size_t J = I;
    while (J + 1 < Ids.size() && Ids[J + 1] == Ids[J] + 1)
      ++J;
    if (!Out.empty())
      Out += ", ";
    Out += std::to_string(Ids[I]);
    if (J > I)
      Out += "-" + std::to_string(Ids[J]);
    I = J + 1;
  }
  return Out;
}

void reportStall(Worker &W) {
  // Every live lane waits at a barrier (wave operations always resolve).
  W.L->Failed = true;
  std::vector<const Lane *> Sites;
  for (const Lane &Ln : W.Block.Lanes)
    if (Ln.State == LaneState::Barrier &&
        std::none_of(Sites.begin(), Sites.end(), [&](const Lane *S) {
          return sameBarrier(S->Site, Ln.Site);
        }))
      Sites.push_back(&Ln);
  if (Sites.empty())
    return;
  std::string Details = "__syncthreads can never complete: of " + std::to_string(W.Block.Lanes.size()) +
                        " threads,";
  bool FirstPart = true;
  for (const Lane *S : Sites) {
    std::vector<unsigned> Ids;
    for (const Lane &Ln : W.Block.Lanes)
      if (Ln.State == LaneState::Barrier && sameBarrier(Ln.Site, S->Site))
        Ids.push_back(Ln.Linear);
    Details += std::string(FirstPart ? "" : ";") + " " + std::to_string(Ids.size()) +
               " wait at " + S->Site.file_name() + ":" +
               std::to_string(S->Site.line()) + " (threads " + formatLaneSet(Ids) + ")";
    FirstPart = false;
  }
  std::vector<unsigned> Exited;
  for (const Lane &Ln : W.Block.Lanes)
    if (Ln.State == LaneState::Done)
      Exited.push_back(Ln.Linear);
  if (!Exited.empty())
    Details += "; " + std::to_string(Exited.size()) + " exited (threads " +
               formatLaneSet(Exited) + ")";
  Details += "; the block is abandoned";
  const Lane *S = Sites.front();
  report(ReportKind::BarrierDeadlock,
         W.where(S, S->Site.file_name(), S->Site.line(),
               S->Site.function_name(), ReportScope::Block),
         Details);
}


} // namespace wavesan::emu::detail
