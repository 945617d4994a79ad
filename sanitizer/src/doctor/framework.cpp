//===--- framework.cpp - TunableOp, the tuning file, the FP8 format --------===//
///
/// \file
/// PyTorch's TunableOp (docs: torch.cuda.tunable, "Environment Variable
/// Interface" and "File Input and Output": PYTORCH_TUNABLEOP_ENABLED=1 turns it
/// on, PYTORCH_TUNABLEOP_FILENAME names the results file, default
/// 'tunableop_results.csv', with the GPU device ordinal inserted into the name
/// when several GPUs tune) and the FP8 format of the target (docs/hardware.md, "FP8 formats":
/// HIP documentation, FP8 numbers).
///
//===----------------------------------------------------------------------===//
#include "doctor_internal.h"

#include <optional>
#include <wavecommon/targets.h>

namespace wavesan::doctor {
namespace {

constexpr const char *TunableEnv = "PYTORCH_TUNABLEOP_ENABLED";
constexpr const char *FilenameEnv = "PYTORCH_TUNABLEOP_FILENAME";
constexpr const char *DefaultTuningFile = "tunableop_results.csv";
/// Ordinals tried when the GPU count is unknown: AMD's 8-GPU MI300X platform
/// (MI300X data sheet).
constexpr size_t DefaultOrdinals = 8;

constexpr const char *WarmUpFix =
    "enable TunableOp in a warm-up run (export PYTORCH_TUNABLEOP_ENABLED=1) so PyTorch tunes "
    "the GEMMs for your shapes, and ship the resulting tuning file with the deployment";

bool startsWith(const std::string &S, const char *Prefix) { return S.rfind(Prefix, 0) == 0; }

/// "dir/name3.csv" for ("dir/name.csv", 3): the ordinal goes before the extension.
std::string withOrdinal(const std::string &Name, size_t Ordinal) {
  const size_t Slash = Name.find_last_of('/');
  const size_t Dot = Name.find_last_of('.');
  const bool HasExt = Dot != std::string::npos && (Slash == std::string::npos || Dot > Slash);
  const size_t At = HasExt ? Dot : Name.size();
  return Name.substr(0, At) + std::to_string(Ordinal) + Name.substr(At);
}

/// Tuning results in a TunableOp file: non-empty lines other than the
/// "Validator,..." header lines.
size_t countResults(const std::string &Text) {
  size_t N = 0, Start = 0;
  while (Start < Text.size()) {
    size_t End = Text.find('\n', Start);
    if (End == std::string::npos)
      End = Text.size();
    std::string Line = Text.substr(Start, End - Start);
    if (!Line.empty() && Line != "\r" && !startsWith(Line, "Validator"))
      ++N;
    Start = End + 1;
  }
  return N;
}

} // namespace

Item tunableOp(const Probes &P) {
  Item I{"tunableop", "TunableOp", Status::Warn, "", "environment", WarmUpFix, ""};
  std::optional<std::string> V = P.GetEnv ? P.GetEnv(TunableEnv) : std::nullopt;
  if (!V) {
    I.Observed = std::string(TunableEnv) + " unset (TunableOp off)";
    return I;
  }
  I.Observed = std::string(TunableEnv) + "=" + *V;
  if (*V != "1") {
    I.Observed += " (off; 1 turns it on)";
    return I;
  }
  I.State = Status::Pass;
  I.Fix.clear();
  I.Note = "in production keep the shipped file and set PYTORCH_TUNABLEOP_TUNING=0 to use it "
           "without tuning again";
  return I;
}

Item tuningFile(const Probes &P, const GpuFacts &G) {
  std::optional<std::string> Env = P.GetEnv ? P.GetEnv(FilenameEnv) : std::nullopt;
  const std::string Name = Env ? *Env : DefaultTuningFile;
  Item I{"tuning-file", "tuning file", Status::Warn, "",
         Env ? std::string(FilenameEnv) : std::string("default name (PyTorch docs)"),
         WarmUpFix, ""};
  std::vector<std::string> Candidates{Name};
  const size_t Ordinals = G.Agents.empty() ? DefaultOrdinals : G.Agents.size();
  for (size_t O = 0; O < Ordinals; ++O)
    Candidates.push_back(withOrdinal(Name, O));
  std::vector<std::string> Found;
  for (const std::string &C : Candidates)
    if (P.IsFile && P.IsFile(C))
      Found.push_back(C);
  if (Found.empty()) {
    I.Observed = "not found: " + Name + " or " + withOrdinal(Name, 0) + ".." +
                 std::to_string(Ordinals - 1) + " (relative to the current directory)";
    return I;
  }
  std::optional<std::string> Text = P.ReadFile ? P.ReadFile(Found.front()) : std::nullopt;
  I.Observed = Found.front();
  if (Found.size() > 1)
    I.Observed += " and " + std::to_string(Found.size() - 1) + " more";
  if (!Text) {
    I.Observed += ": cannot be read";
    I.Fix = "make the tuning file readable by the job's user";
    return I;
  }
  const size_t N = countResults(*Text);
  I.Observed += ": " + std::to_string(N) + (N == 1 ? " tuning result" : " tuning results");
  if (N == 0) {
    I.Fix = "the file holds no tuning result: " + std::string(WarmUpFix);
    return I;
  }
  I.State = Status::Pass;
  I.Fix.clear();
  I.Note = "ship it with the deployment (PYTORCH_TUNABLEOP_FILENAME names it)";
  return I;
}

/// The FP8 format target \p T computes in: the target table's
/// (<wavecommon/targets.h>), else by family for targets the table leaves out
/// (gfx940, gfx941: early MI300, FNUZ; gfx12*: OCP; gfx908 (MI100), gfx10*,
/// gfx11*: none). std::nullopt when nothing is known of \p T.
std::optional<wavecommon::Fp8Format> fp8FormatOf(const std::string &T) {
  if (const wavecommon::Target *Known = wavecommon::findTarget(T))
    return Known->Fp8;
  if (T == "gfx940" || T == "gfx941")
    return wavecommon::Fp8Format::FNUZ;
  if (startsWith(T, "gfx12"))
    return wavecommon::Fp8Format::OCP;
  if (T == "gfx908" || startsWith(T, "gfx10") || startsWith(T, "gfx11"))
    return wavecommon::Fp8Format::None;
  return std::nullopt;
}

Item fp8Format(const GpuFacts &G) {
  Item I{"fp8-format", "FP8 format", Status::Unknown, "", "gfx target (HIP docs)", "", ""};
  if (G.Agents.empty()) {
    I.Observed = "no gfx target (see gfx target)";
    return I;
  }
  const std::string &T = G.Agents.front().Name;
  for (const RocminfoAgent &A : G.Agents)
    if (A.Name != T) {
      I.Observed = "mixed targets (see gfx target)";
      return I;
    }
  const std::optional<wavecommon::Fp8Format> Format = fp8FormatOf(T);
  if (Format == wavecommon::Fp8Format::FNUZ) {
    I.State = Status::Pass;
    I.Observed = "FNUZ (E4M3 FNUZ max 240, E5M2 FNUZ) on " + T;
    I.Note = "convert OCP checkpoints (float8_e4m3fn) to FNUZ, never reinterpret them: load as "
             "torch.float8_e4m3fnuz, map byte 0x80 to 0x00, double the scale (a byte is worth "
             "half in FNUZ); wavesan diff names the 2x/4x signature";
  } else if (Format == wavecommon::Fp8Format::OCP) {
    I.State = Status::Pass;
    I.Observed = "OCP (E4M3 fn max 448, E5M2) on " + T;
    I.Note = "load float8_e4m3fn weights; FNUZ checkpoints made for MI300 (gfx942) need the "
             "reverse conversion (halve the scale)";
  } else if (Format == wavecommon::Fp8Format::None) {
    I.State = Status::Warn;
    I.Observed = "none: " + T + " has no FP8 matrix format";
    I.Fix = "FP8 checkpoints must be dequantised (e.g. to BF16) to run here";
  } else {
    I.Observed = "no FP8 facts for " + T;
  }
  return I;
}

} // namespace wavesan::doctor
