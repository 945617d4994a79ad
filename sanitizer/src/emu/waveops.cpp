//===--- waveops.cpp - wave operations: lockstep groups, checks, results ---===//
///
/// \file
/// A lane calling a wave operation records its call and blocks; when no lane of
/// its wave can run any more (each arrived, exited or waits elsewhere), the
/// wave's pending operations resolve, one call site at a time: the group at the
/// lowest site (file, line, column) first, so that lanes which skipped a
/// branch and wait further down rejoin the others (the reconvergence of
/// structured control flow); lanes waiting at another site are inactive for
/// this group. Shuffle results follow HIP's amd_warp_functions.h.
///
//===----------------------------------------------------------------------===//
#include "engine.h"

#include <bit>
#include <cstdio>
#include <cstring>

namespace wavesan::emu::detail {

namespace {

bool sameSite(const std::source_location &A, const std::source_location &B) {
  return A.line() == B.line() && A.column() == B.column() &&
         (A.file_name() == B.file_name() || std::strcmp(A.file_name(), B.file_name()) == 0) &&
         (A.function_name() == B.function_name() ||
          std::strcmp(A.function_name(), B.function_name()) == 0);
}

bool siteBefore(const std::source_location &A, const std::source_location &B) {
  if (A.file_name() != B.file_name())
    if (int C = std::strcmp(A.file_name(), B.file_name()))
      return C < 0;
  if (A.line() != B.line())
    return A.line() < B.line();
  return A.column() < B.column();
}

std::string hex(uint64_t V) {
  char Buf[24];
  std::snprintf(Buf, sizeof Buf, "0x%016llx", static_cast<unsigned long long>(V));
  return Buf;
}

std::string site(const char *File, unsigned Line) {
  return std::string(File ? File : "<unknown>") + ":" + std::to_string(Line);
}

const char *stateWords(LaneState S) {
  switch (S) {
  case LaneState::Done:
    return "it exited";
  case LaneState::Barrier:
    return "it waits at __syncthreads";
  case LaneState::WaveOp:
    return "it waits at another wave operation";
  default:
    return "it is not active";
  }
}

} // namespace

// The out-of-line wave operation: the same transition as the inline one
// (engine_fast.h, waveOpArrive), with the process's switch policy.
uint64_t waveOpSlow(WaveOpCall &Call) {
  pollStop();
  Worker *W = ThisWorker;
  if (!W || !W->current()) [[unlikely]]
    workerOrDie(Call.Name);
  if (asanFibers())
    return waveOpArrive<AsanSwitch>(W, W->current(), Call);
  return waveOpArrive<RawSwitch>(W, W->current(), Call);
}

void resolveWaveHot(WorkerHot *W, WaveHot &Wv, Lane *Arriving) {
  static_cast<Worker *>(W)->resolveWave(static_cast<Wave &>(Wv), Arriving);
}

void Worker::resolveWave(Wave &Wv, Lane *Arriving) {
  if (Wv.Pending == 0)
    return;
  Wv.Step = ++Block.NextStep; // the wave synchronises (lockstep.cpp)
  if (Arriving->State == LaneState::WaveOp && resolveFullShuffle(Wv, Arriving))
    return;
  Lane *const Base = &Block.Lanes[Wv.First];
  uint64_t *const V = &Vals[Wv.First]; // the lanes' operands, then results
  HeldSite *const HeldBase = &Block.Held[Wv.First];
  const unsigned N = Wv.Count, WS = L->WaveSize;
  // The common case: the whole wave at one shuffle with one operand, nothing
  // to report (see shuffleFast).
  if (Wv.Uniform && Wv.Pending == N && Wv.Held == 0 && isShuffle(Wv.Kind)) {
    const uint64_t All = N == 64 ? ~0ull : ((1ull << N) - 1);
    const WaveOpCall &C = *Base[0].Op;
    uint64_t Results[64];
    if ((!C.HasMask || (All & ~C.Mask) == 0) &&
        shuffleUniform(V, WS, Wv.Kind, Wv.Width, Wv.Arg, All, Results)) {
      ++Stats.WaveOps;
      Stats.WaveOpCalls += N;
      for (unsigned I = 0; I < N; ++I) {
        Lane &Ln = Base[I];
        V[I] = Results[I];
        Ln.Op = nullptr;
        if (&Ln == Arriving) {
          Ln.State = LaneState::Running;
        } else {
          Ln.State = LaneState::Ready;
          pushReady(&Ln);
        }
      }
      Wv.Runnable += N;
      Wv.Pending = 0;
      return;
    }
  }
  // One pass: the lanes' states, and whether every waiting lane is at one call
  // site (the common case: one source_location object).
  Lane *First = nullptr;
  bool OneSite = true;
  uint64_t Waiting = 0, Exited = 0, AtBarrier = 0;
  for (unsigned I = 0; I < N; ++I) {
    Lane &Ln = Base[I];
    const uint64_t Bit = 1ull << I;
    switch (Ln.State) {
    case LaneState::WaveOp:
      Waiting |= Bit;
      if (!First)
        First = &Ln;
      else if (OneSite && std::memcmp(&Ln.Op->Loc, &First->Op->Loc, sizeof Ln.Op->Loc) != 0)
        OneSite = false;
      break;
    case LaneState::Done:
      Exited |= Bit;
      break;
    case LaneState::Barrier:
      AtBarrier |= Bit;
      break;
    default:
      break;
    }
  }
  if (!First)
    return;
  uint64_t Active = Waiting, Elsewhere = 0;
  if (!OneSite) {
    for (unsigned I = 0; I < N; ++I)
      if (Waiting >> I & 1 && !First->Op->LdsStep &&
          (Base[I].Op->LdsStep || siteBefore(Base[I].Op->Loc, First->Op->Loc)))
        First = &Base[I];
    Active = 0;
    for (unsigned I = 0; I < N; ++I)
      if (Waiting >> I & 1) {
        if (&Base[I] == First || sameSite(Base[I].Op->Loc, First->Op->Loc))
          Active |= 1ull << I;
        else
          Elsewhere |= 1ull << I;
      }
  }
  const WaveOpCall &C0 = *First->Op;
  const std::source_location Loc = C0.Loc;

  bool WasHeld = false;
  const char *HeldFile = nullptr;
  unsigned HeldLine = 0;
  if (Wv.Held)
    for (unsigned I = 0; I < N; ++I)
      if (Active >> I & 1 && HeldBase[I].File) {
        WasHeld = true;
        HeldFile = HeldBase[I].File;
        HeldLine = HeldBase[I].Line;
      }
  // Lanes of the wave's width that do not exist (a partial last wave) are
  // inactive too; they count as missing for reads, not for partial reports.
  const uint64_t WaveBits = N == 64 ? ~0ull : ((1ull << N) - 1);
  const uint64_t Missing = WaveBits & ~Active;
  ++Stats.WaveOps;
  Stats.WaveOpCalls += static_cast<unsigned>(std::popcount(Active)); // counted as they resolve

  auto groupWhere = [&](ReportScope Scope) {
    return where(First, Loc.file_name(), Loc.line(), Loc.function_name(), Scope);
  };
  auto laneList = [&](uint64_t Bits) {
    std::vector<unsigned> Ids;
    for (unsigned I = 0; I < 64; ++I)
      if (Bits >> I & 1)
        Ids.push_back(I);
    return formatLaneSet(Ids);
  };

  // Held groups at other sites remember this resolution (divergence check).
  for (unsigned I = 0; Elsewhere && I < N; ++I)
    if (Elsewhere >> I & 1 && !HeldBase[I].File) {
      HeldBase[I].File = Loc.file_name();
      HeldBase[I].Line = Loc.line();
      ++Wv.Held;
    }

  // Lanes of the wave in another branch: waiting at another wave-operation call site
  // now, or (WasHeld) past the one they ran without this group. On hardware the
  // branches run one after the other, each with its own lanes active, and never meet.
  // That is only wrong where this group needs the other's lanes: a shuffle reading
  // one of them (below, with the read) or a *_sync mask naming them (here). A
  // shuffle whose reads stay in its group (lanes 0-31 and 32-63 each shuffling
  // within width 32) and a vote without a mask are defined on hardware.
  // A held group's missing lanes all count: the other group ran on, and may have
  // exited or reached a barrier since.
  const uint64_t Diverged = WasHeld ? Missing : Missing & ~(Exited | AtBarrier);
  auto otherSite = [&](unsigned Lane) {
    if (Base[Lane].State == LaneState::WaveOp && Base[Lane].Op)
      return site(Base[Lane].Op->Loc.file_name(), Base[Lane].Op->Loc.line());
    if (WasHeld)
      return site(HeldFile, HeldLine);
    return std::string("another call site");
  };
  if (C0.HasMask && !C0.PartialOk && (C0.Mask & Diverged)) {
    const uint64_t Named = C0.Mask & Diverged;
    report(ReportKind::WaveOpDivergent, groupWhere(ReportScope::Wave),
           std::string(C0.Name) + " mask " + hex(C0.Mask) + " names lanes " + laneList(Named) +
               ", which run the wave operation at " +
               otherSite(static_cast<unsigned>(std::countr_zero(Named))) +
               " in another branch (reached here by lanes " + laneList(Active) +
               "): the two groups never meet on AMD GPUs, which run divergent branches one "
               "after the other and do not wait for the mask's lanes (no independent thread "
               "scheduling), so the result leaves those lanes out");
  } else if (!Elsewhere && (Exited | AtBarrier) && C0.HasMask && !C0.PartialOk) {
    // Coalesced-group operations (PartialOk) expect their missing lanes.
    // A sub-wave vote or shuffle is defined on hardware (inactive lanes are left out of
    // the EXEC mask): a *_sync mask naming lanes that are not there is wrong, and a
    // shuffle that reads an inactive lane (decided with the reads below).
    const uint64_t Absent = (Exited | AtBarrier) & C0.Mask;
    if (Absent)
      report(ReportKind::WaveOpPartial, groupWhere(ReportScope::Wave),
             std::string(C0.Name) + " mask " + hex(C0.Mask) + " names lanes " +
                 laneList(Absent) + " that do not take part: reached by " +
                 std::to_string(std::popcount(Active)) + " of " + std::to_string(N) +
                 " lanes (active " + laneList(Active) + ")" +
                 (Exited ? "; lanes " + laneList(Exited) + " exited" : std::string()) +
                 (AtBarrier ? "; lanes " + laneList(AtBarrier) + " wait at __syncthreads"
                            : std::string()) +
                 (N == 64 && Active == 0xFFFFFFFFull
                      ? std::string("; exactly lanes 0-31: the pattern of a lane range "
                                    "computed with 32")
                      : std::string("; pass the mask of the lanes that reach the call "
                                    "(__activemask(), or the ballot of the guard)")));
  }
  // A shuffle reached by exactly lanes 0-31 of a 64-lane wave while the others exited or
  // wait at a barrier: a read of lanes 32-63 is the 32-lane pattern, reported once as
  // wave-op-partial (the read named), not also as inactive-lane-read.
  const bool HalfWaveShuffle = isShuffle(C0.Kind) && !Elsewhere && N == 64 &&
                               Active == 0xFFFFFFFFull && ((Exited | AtBarrier) >> 32) != 0;

  if (C0.HasMask) {
    const uint64_t Uncovered = Active & ~C0.Mask;
    if (Uncovered) {
      Lane *U = &Base[std::countr_zero(Uncovered)];
      report(ReportKind::SyncMaskIncomplete,
             where(U, Loc.file_name(), Loc.line(), Loc.function_name(), ReportScope::Lane),
             std::string(C0.Name) + " mask " + hex(C0.Mask) + " does not cover active lanes " +
                 laneList(Uncovered) + " (active " + hex(Active) + ", wave size " +
                 std::to_string(WS) + ")");
    }
  }

  // Results.
  const uint64_t Considered = C0.HasMask ? Active & C0.Mask : Active;
  uint64_t VoteBits = 0;
  if (!isShuffle(C0.Kind))
    for (unsigned I = 0; I < N; ++I)
      if (Considered >> I & 1 && V[I])
        VoteBits |= 1ull << I;
  uint64_t Results[64]; // written over the operands once every source was read
  if (isShuffle(C0.Kind) && OneSite && shuffleFast(Base, V, N, WS, Active, Results))
    goto Wake;
  {
  bool ReportedWidth = false, ReportedRange = false, ReportedRead = false;
  for (unsigned I = 0; I < N; ++I) {
    if (!(Active >> I & 1))
      continue;
    Lane &Ln = Base[I];
    const WaveOpCall &C = *Ln.Op;
    uint64_t R = 0;
    switch (C.Kind) {
    case WaveOpKind::Ballot:
      R = VoteBits;
      break;
    case WaveOpKind::Any:
      R = VoteBits != 0;
      break;
    case WaveOpKind::All:
      R = VoteBits == Considered;
      break;
    case WaveOpKind::ActiveMask:
      R = Active;
      break;
    case WaveOpKind::SyncWarp:
      break;
    default: {
      int W = C.Width;
      const bool WidthOk = W > 0 && W <= static_cast<int>(WS) && (W & (W - 1)) == 0;
      if (!WidthOk && !ReportedWidth) {
        ReportedWidth = true;
        report(ReportKind::ShuffleWidthInvalid,
               where(&Ln, Loc.file_name(), Loc.line(), Loc.function_name(), ReportScope::Lane),
               std::string(Ln.Op->Name) + " width " + std::to_string(C.Width) +
                   " is not a power of two no larger than the wave size " + std::to_string(WS));
      }
      if (W <= 0 || W > static_cast<int>(WS))
        W = static_cast<int>(WS);
      if ((C.Arg < 0 || C.Arg >= W) && !ReportedRange) {
        ReportedRange = true;
        const char *What = C.Kind == WaveOpKind::Shfl      ? "source lane"
                           : C.Kind == WaveOpKind::ShflXor ? "lane mask"
                                                           : "offset";
        report(ReportKind::ShuffleLaneOutOfRange,
               where(&Ln, Loc.file_name(), Loc.line(), Loc.function_name(), ReportScope::Lane),
               std::string(Ln.Op->Name) + " " + What + " " + std::to_string(C.Arg) +
                   " is outside [0, " + std::to_string(W) + ") (width " + std::to_string(W) +
                   ", wave size " + std::to_string(WS) + ")");
      }
      const int Self = static_cast<int>(I);
      int Index = Self;
      switch (C.Kind) {
      case WaveOpKind::Shfl:
        Index = (C.Arg & (W - 1)) + (Self & ~(W - 1));
        break;
      case WaveOpKind::ShflUp:
        Index = Self - C.Arg;
        if (Index < (Self & ~(W - 1)))
          Index = Self;
        break;
      case WaveOpKind::ShflDown:
        Index = Self + C.Arg;
        if ((Self & (W - 1)) + C.Arg >= W)
          Index = Self;
        break;
      case WaveOpKind::ShflXor:
        Index = Self ^ C.Arg;
        if (Index >= ((Self + W) & ~(W - 1)))
          Index = Self;
        break;
      default:
        break;
      }
      const unsigned Src = static_cast<unsigned>(Index) & (WS - 1); // ds_bpermute wraps
      if (Active >> Src & 1) {
        R = V[Src];
      } else if (!ReportedRead) {
        ReportedRead = true;
        std::string Why = Src >= N ? "it does not exist (the block ends at lane " +
                                         std::to_string(N - 1) + " of this wave)"
                                   : stateWords(Base[Src].State);
        const std::string Read = std::string(Ln.Op->Name) + " in lane " + std::to_string(I) +
                                 " reads lane " + std::to_string(Src) + ", which is inactive: " +
                                 Why + "; its value is undefined on hardware (the emulator "
                                       "returns 0)";
        if (Src < N && Diverged >> Src & 1)
          report(ReportKind::WaveOpDivergent, groupWhere(ReportScope::Wave),
                 std::string(C0.Name) + " reached by lanes " + laneList(Active) +
                     " while lanes " + laneList(Diverged) + " run the wave operation at " +
                     otherSite(Src) + " in another branch: lane " + std::to_string(I) +
                     " reads lane " + std::to_string(Src) +
                     ", which is in the other group; the two groups never meet on hardware "
                     "(the branches run one after the other), so the value read is "
                     "undefined (the emulator returns 0)");
        else if (HalfWaveShuffle)
          report(ReportKind::WaveOpPartial, groupWhere(ReportScope::Wave),
                 std::string(C0.Name) + " reached by 32 of 64 lanes (active 0-31)" +
                     (Exited ? "; lanes " + laneList(Exited) + " exited" : std::string()) +
                     (AtBarrier ? "; lanes " + laneList(AtBarrier) + " wait at __syncthreads"
                                : std::string()) +
                     "; " + Read +
                     "; exactly lanes 0-31: the pattern of a lane range computed with 32 "
                     "(with width 32 the shuffle would stay within lanes 0-31)");
        else
          report(ReportKind::InactiveLaneRead,
                 where(&Ln, Loc.file_name(), Loc.line(), Loc.function_name(), ReportScope::Lane),
                 Read);
      }
    }
    }
    Results[I] = R;
  }
  }
Wake:
  for (uint64_t Bits = Active; Bits; Bits &= Bits - 1) {
    const unsigned I = static_cast<unsigned>(std::countr_zero(Bits));
    V[I] = Results[I];
  }

  // Wake the group, in lane order; the arriving lane just continues.
  if (Wv.Held)
    for (unsigned I = 0; I < N; ++I)
      if (Active >> I & 1 && HeldBase[I].File) {
        HeldBase[I].File = nullptr;
        --Wv.Held;
      }
  for (uint64_t Bits = Active; Bits; Bits &= Bits - 1) {
    Lane &Ln = Base[std::countr_zero(Bits)];
    Ln.Op = nullptr;
    if (&Ln == Arriving) {
      Ln.State = LaneState::Running;
    } else {
      Ln.State = LaneState::Ready;
      pushReady(&Ln);
    }
  }
  const unsigned Woken = static_cast<unsigned>(std::popcount(Active));
  Wv.Runnable += Woken;
  Wv.Pending -= Woken;
  if (Wv.Pending)
    Wv.Uniform = false; // lanes at other sites still wait: resolve them the general way
}

void reportMaskTruncated(uint64_t Bits, unsigned TargetBits, const char *TargetType,
                         const char *File, unsigned Line, const char *Function) {
  ReportLocation W;
  if (ThisWorker && ThisWorker->current())
    W = ThisWorker->where(ThisWorker->current(), File, Line, Function, ReportScope::Lane);
  else {
    W.File = File;
    W.Line = Line;
    W.Function = Function;
    W.Scope = ReportScope::Launch;
  }
  const unsigned Low = TargetBits;
  report(ReportKind::LaneMaskTruncated, W,
         "ballot result with lanes " + std::to_string(Low) + "-63 set converted to " +
             std::to_string(TargetBits) + "-bit '" + TargetType + "' (mask " + hex(Bits) +
             " becomes " + hex(Bits & ((1ull << TargetBits) - 1)) +
             "); the mask was produced at " + site(File, Line));
}

} // namespace wavesan::emu::detail
