//===--- diff_command.cpp - `wavesan diff` ----------------------------------===//
#include "diff_command.h"

#include "args.h"
#include "npy_input.h"

#include "wavesan/diff.h"
#include "wavesan/dtype.h"
#include "wavesan/reference.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace wavesan::cli {
namespace {

constexpr const char *DiffGroup = "Diff options";
constexpr const char *ReduceGroup = "Reduction options (--op reduce)";
constexpr const char *GemmGroup = "GEMM options (--op gemm)";

/// Every option of `wavesan diff`, declared once: parser and --help read it.
constexpr std::array<OptionSpec, 25> DiffFlags{{
    {"op", "gemm|reduce", DiffGroup, "What the kernel computed (required)"},
    {"reference", "host|cpu|hip", DiffGroup,
     "Where the reference is computed: host (OpenBLAS / fp64; default), cpu (wavesan's "
     "reference kernels on the CPU emulator), hip (on an AMD GPU)"},
    {"tolerance-scale", "x", DiffGroup,
     "Multiply every error-analysis tolerance by x (default 1)"},
    {"worst", "n", DiffGroup, "How many of the worst elements the report lists (default 5)"},
    {"kernel", "name", DiffGroup, "The kernel's name, for the report"},
    {"input", "file", ReduceGroup, "The kernel's input (.npy of int32, float32 or float64; "
                                   "all elements, in C order)"},
    {"output", "file", ReduceGroup,
     "The kernel's results (.npy, 0-d or 1-d, float64, float32, float16 or int32): one per "
     "wavefront, per workgroup or one (--scope). A float32 or float16 output may differ from "
     "the reference by its own rounding, u * |reference| (u = 2^-24, 2^-11)"},
    {"scope", "wave|block|device", ReduceGroup,
     "What one result covers: a wavefront, a workgroup, the whole input (default device)"},
    {"reduce-op", "sum|min|max", ReduceGroup, "The reduction (default sum)"},
    {"acc", "f32|f64", ReduceGroup, "The accumulation type (default f64)"},
    {"wave-size", "n", ReduceGroup, "Lanes per wavefront: 64 (gfx942, default) or 32"},
    {"block-size", "n", ReduceGroup,
     "Threads per workgroup for --scope block (default 256; a multiple of the wave size)"},
    {"a", "file", GemmGroup,
     "A (.npy, 2-d): M x K, or K x M with --trans-a; a Fortran-order array is column-major"},
    {"b", "file", GemmGroup, "B (.npy, 2-d): K x N, or N x K with --trans-b"},
    {"c", "file", GemmGroup, "The kernel's output C (.npy, 2-d, M x N)"},
    {"c-in", "file", GemmGroup, "C before the kernel ran (M x N; needed when beta != 0)"},
    {"alpha", "x", GemmGroup, "C = alpha * op(A) op(B) + beta * C (default 1)"},
    {"beta", "x", GemmGroup, "(default 0: C is not read)"},
    {"trans-a", "", GemmGroup, "op(A) = A^T"},
    {"trans-b", "", GemmGroup, "op(B) = B^T"},
    {"a-type", "dtype", GemmGroup,
     "A's element type: f32, f16, bf16, e4m3-ocp, e4m3-fnuz, e5m2-ocp, e5m2-fnuz. Needed when "
     "the .npy holds raw bits: uint8 (fp8 bytes) or uint16 (bf16/f16 bits)"},
    {"b-type", "dtype", GemmGroup, "B's element type (as --a-type)"},
    {"scale-a", "x", GemmGroup, "Per-tensor dequantisation scale of A (default 1)"},
    {"scale-b", "x", GemmGroup, "Per-tensor dequantisation scale of B (default 1)"},
    {"out-type", "f32|bf16|f16", GemmGroup,
     "C's element type (default: from C's .npy; bf16 stored as uint16 needs it)"},
}};

const std::vector<std::string> DiffUsage = {
    "wavesan diff --op reduce --input <x.npy> --output <y.npy> [options]",
    "wavesan diff --op gemm --a <A.npy> --b <B.npy> --c <C.npy> [options]"};

constexpr const char *DiffOverview =
    "compare a kernel's output with wavesan's wave64 reference on the same inputs\n\n"
    "  Exit status: 0 the output matches within the error-analysis tolerance, 1 a\n"
    "  mismatch (the report names the bug when it has a known signature), 2 a usage\n"
    "  error or an input file that cannot be used.";

template <class E>
E pick(const ParsedArgs &P, const std::string &Name, E Default,
       std::initializer_list<std::pair<const char *, E>> Choices) {
  auto V = P.get(Name);
  if (!V)
    return Default;
  std::string Expected;
  for (auto &[Text, Value] : Choices) {
    if (*V == Text)
      return Value;
    Expected += (Expected.empty() ? "" : ", ") + std::string(Text);
  }
  throw UsageError("--" + Name + "='" + *V + "': expected one of " + Expected);
}

/// The options that belong to the other --op: an error naming the first one.
void rejectOthers(const ParsedArgs &P, const char *OwnGroup, const char *Op) {
  for (const OptionSpec &S : DiffFlags)
    if (S.Group != DiffGroup && S.Group != OwnGroup && P.has(S.Name))
      throw UsageError(std::string("--") + S.Name + " does not apply to --op " + Op);
}

std::string expectOne(const NpyArray &A, const std::string &What) {
  return A.Path + " holds " + A.dtypeString() + " " + A.shapeString() + "; expected " + What;
}

/// A reduction input's element type from its .npy dtype.
DType reduceInputType(const NpyArray &A) {
  if (A.Kind == 'f' && A.ItemBytes == 4) return DType::F32;
  if (A.Kind == 'f' && A.ItemBytes == 8) return DType::F64;
  if (A.Kind == 'i' && A.ItemBytes == 4) return DType::I32;
  throw InputError("--input: " + expectOne(A, "int32, float32 or float64"));
}

/// Results as double, for the output dtypes a kernel writes.
/// \p T: set to the dtype the results are stored in (DiffOptions::OutType).
std::vector<double> resultsAsDouble(const NpyArray &A, const std::string &Role, DType &T) {
  if (A.Kind == 'f' && A.ItemBytes == 4) T = DType::F32;
  else if (A.Kind == 'f' && A.ItemBytes == 8) T = DType::F64;
  else if (A.Kind == 'f' && A.ItemBytes == 2) T = DType::F16;
  else if (A.Kind == 'i' && A.ItemBytes == 4) T = DType::I32;
  else throw InputError(Role + ": " + expectOne(A, "float32, float64, float16 or int32"));
  std::vector<double> Out(A.size());
  for (size_t I = 0; I < Out.size(); ++I)
    Out[I] = decodeElement(T, A.Data.data(), I);
  return Out;
}

/// A GEMM operand's element type: --x-type when given (checked against the
/// .npy's element size), else float32 / float16 from the .npy.
DType gemmType(const NpyArray &A, const std::optional<std::string> &TypeOpt,
               const std::string &Role, const std::string &TypeFlag, bool IsOutput) {
  const std::string Allowed =
      IsOutput ? "f32, bf16, f16" : "f32, f16, bf16, e4m3-ocp, e4m3-fnuz, e5m2-ocp, e5m2-fnuz";
  if (TypeOpt) {
    DType T;
    if (!parseDType(*TypeOpt, T) || T == DType::I32 || T == DType::F64 ||
        (IsOutput && dtypeIsFp8(T)))
      throw UsageError(TypeFlag + "='" + *TypeOpt + "': expected one of " + Allowed);
    const bool FloatOk = A.Kind == 'f' && A.ItemBytes == dtypeBytes(T) && T != DType::BF16;
    const bool RawOk = (A.Kind == 'u' || A.Kind == 'i' || A.Kind == 'V') &&
                       A.ItemBytes == dtypeBytes(T) && T != DType::F32;
    if (!FloatOk && !RawOk)
      throw InputError(Role + ": " +
                       expectOne(A, std::string(dtypeName(T)) + " elements (" +
                                        std::to_string(dtypeBytes(T)) + "-byte " +
                                        (T == DType::F32 ? "float32" : "raw bits") + ")"));
    return T;
  }
  if (A.Kind == 'f' && A.ItemBytes == 4) return DType::F32;
  if (A.Kind == 'f' && A.ItemBytes == 2) return DType::F16;
  if (A.ItemBytes == 1 && !IsOutput)
    throw InputError(Role + ": " + expectOne(A, "float32 or float16, or raw FP8 bytes with " +
                                                    TypeFlag + "=e4m3-ocp|e4m3-fnuz|e5m2-ocp|e5m2-fnuz"));
  if (A.ItemBytes == 2)
    throw InputError(Role + ": " + expectOne(A, "float32 or float16, or raw bf16/f16 bits with " +
                                                    TypeFlag + "=bf16|f16"));
  throw InputError(Role + ": " + expectOne(A, IsOutput ? "float32, float16 or bf16 (uint16 with "
                                                         "--out-type=bf16)"
                                                       : "float32, float16, bf16 or fp8"));
}

/// Rows and columns of a 2-d .npy, else an error naming the file.
std::pair<size_t, size_t> matrixShape(const NpyArray &A, const std::string &Role,
                                      const std::string &Expected) {
  if (A.Shape.size() != 2)
    throw InputError(Role + ": " + A.Path + " has shape " + A.shapeString() +
                     "; expected a 2-d array " + Expected);
  return {A.Shape[0], A.Shape[1]};
}

/// \p Src (Rows x Cols) rearranged into \p ToFortran order.
std::vector<std::byte> reorder(const NpyArray &Src, bool ToFortran) {
  if (Src.Fortran == ToFortran)
    return Src.Data;
  const size_t Rows = Src.Shape[0], Cols = Src.Shape[1], W = Src.ItemBytes;
  std::vector<std::byte> Out(Src.Data.size());
  for (size_t R = 0; R < Rows; ++R)
    for (size_t C = 0; C < Cols; ++C) {
      const size_t From = Src.Fortran ? R + C * Rows : R * Cols + C;
      const size_t To = ToFortran ? R + C * Rows : R * Cols + C;
      std::copy_n(Src.Data.begin() + From * W, W, Out.begin() + To * W);
    }
  return Out;
}

DiffOptions diffOptions(const ParsedArgs &P, std::string &KernelStorage) {
  DiffOptions O;
  O.Reference = pick(P, "reference", Backend::Host,
                     {{"host", Backend::Host}, {"cpu", Backend::Cpu}, {"hip", Backend::Hip}});
  O.ToleranceScale = P.number("tolerance-scale", 1.0);
  if (!(O.ToleranceScale >= 0))
    throw UsageError("--tolerance-scale: expected a number >= 0");
  O.Worst = P.count("worst", 5);
  if (auto K = P.get("kernel")) {
    KernelStorage = *K;
    O.Label = KernelStorage.c_str();
  }
  // The report's "at" and SUMMARY position: the kernel's output file (set by the
  // subcommand), not this source file.
  O.Line = 0;
  O.Function = "wavesan diff";
  return O;
}

DiffResult diffReduce(const ParsedArgs &P, DiffOptions O) {
  rejectOthers(P, ReduceGroup, "reduce");
  const std::string InPath = P.required("input", "for --op reduce");
  const std::string OutPath = P.required("output", "for --op reduce");
  ReduceSpec Spec;
  Spec.Scope = pick(P, "scope", ReduceScope::Device,
                    {{"wave", ReduceScope::Wave}, {"block", ReduceScope::Block},
                     {"device", ReduceScope::Device}});
  Spec.Op = pick(P, "reduce-op", ReduceOp::Sum,
                 {{"sum", ReduceOp::Sum}, {"min", ReduceOp::Min}, {"max", ReduceOp::Max}});
  Spec.Acc = pick(P, "acc", DType::F64, {{"f32", DType::F32}, {"f64", DType::F64}});
  Spec.WaveSize = static_cast<unsigned>(P.count("wave-size", 64));
  if (Spec.WaveSize != 64 && Spec.WaveSize != 32)
    throw UsageError("--wave-size=" + std::to_string(Spec.WaveSize) + ": expected 64 or 32");
  Spec.BlockSize = static_cast<unsigned>(P.count("block-size", 256));
  if (Spec.BlockSize == 0 || Spec.BlockSize > 1024 || Spec.BlockSize % Spec.WaveSize)
    throw UsageError("--block-size=" + std::to_string(Spec.BlockSize) +
                     ": expected a multiple of the wave size (" + std::to_string(Spec.WaveSize) +
                     ") up to 1024");

  const NpyArray In = loadNpy(InPath, "--input");
  if (In.Fortran && In.Shape.size() > 1)
    throw InputError("--input: " + In.Path + " is a Fortran-order " + In.shapeString() +
                     " array; expected C order (the kernel's memory order)");
  Spec.In = reduceInputType(In);
  const NpyArray Out = loadNpy(OutPath, "--output");
  if (Out.Shape.size() > 1)
    throw InputError("--output: " + Out.Path + " has shape " + Out.shapeString() +
                     "; expected a 1-d array of results (" +
                     std::to_string(reduceResultCount(Spec, In.size())) + ",) or a 0-d one");
  const std::vector<double> User = resultsAsDouble(Out, "--output", O.OutType);
  O.File = Out.Path.c_str();
  return diff_reduction(Spec, In.Data.data(), In.size(), User.data(), User.size(), O);
}

DiffResult diffGemm(const ParsedArgs &P, DiffOptions O) {
  rejectOthers(P, GemmGroup, "gemm");
  GemmSpec Spec;
  Spec.TransA = P.has("trans-a");
  Spec.TransB = P.has("trans-b");
  auto Float = [&](const char *Name, float Default) { // finite, and finite as a float
    const float F = static_cast<float>(P.finiteNumber(Name, Default));
    if (!std::isfinite(F))
      throw UsageError(std::string("--") + Name + "='" + *P.get(Name) +
                       "': expected a finite number within float's range (|x| < 3.4e38)");
    return F;
  };
  Spec.Alpha = Float("alpha", 1);
  Spec.Beta = Float("beta", 0);
  Spec.ScaleA = Float("scale-a", 1);
  Spec.ScaleB = Float("scale-b", 1);
  const std::string APath = P.required("a", "for --op gemm");
  const std::string BPath = P.required("b", "for --op gemm");
  const std::string CPath = P.required("c", "for --op gemm");
  if (Spec.Beta != 0 && !P.has("c-in"))
    throw UsageError("--beta=" + *P.get("beta") + " needs --c-in (C before the kernel ran)");
  // --out-type's spelling is checked before any file is read (usage errors first).
  (void)pick(P, "out-type", DType::F32,
             {{"f32", DType::F32}, {"bf16", DType::BF16}, {"f16", DType::F16}});

  const NpyArray A = loadNpy(APath, "--a"), B = loadNpy(BPath, "--b");
  const NpyArray C = loadNpy(CPath, "--c");
  Spec.AType = gemmType(A, P.get("a-type"), "--a", "--a-type", false);
  Spec.BType = gemmType(B, P.get("b-type"), "--b", "--b-type", false);
  Spec.CType = gemmType(C, P.get("out-type"), "--c", "--out-type", true);
  auto [AR, AC] = matrixShape(A, "--a", Spec.TransA ? "(K, M)" : "(M, K)");
  Spec.M = Spec.TransA ? AC : AR;
  Spec.K = Spec.TransA ? AR : AC;
  auto [BR, BC] = matrixShape(B, "--b", Spec.TransB ? "(N, K)" : "(K, N)");
  const size_t BK = Spec.TransB ? BC : BR;
  Spec.N = Spec.TransB ? BR : BC;
  if (BK != Spec.K)
    throw InputError("--b: " + B.Path + " has shape " + B.shapeString() + "; expected " +
                     (Spec.TransB ? "(N, " + std::to_string(Spec.K) + ")"
                                  : "(" + std::to_string(Spec.K) + ", N)") +
                     ": K = " + std::to_string(Spec.K) + " from --a " + A.Path + " " +
                     A.shapeString() + (Spec.TransA ? " with --trans-a" : ""));
  const std::string CExpected =
      "(" + std::to_string(Spec.M) + ", " + std::to_string(Spec.N) + ") (M x N from --a and --b)";
  auto [CR, CC] = matrixShape(C, "--c", CExpected);
  if (CR != Spec.M || CC != Spec.N)
    throw InputError("--c: " + C.Path + " has shape " + C.shapeString() + "; expected " +
                     CExpected);
  Spec.A = A.Fortran ? Layout::ColMajor : Layout::RowMajor;
  Spec.B = B.Fortran ? Layout::ColMajor : Layout::RowMajor;
  Spec.C = C.Fortran ? Layout::ColMajor : Layout::RowMajor;

  std::vector<std::byte> CIn;
  if (auto CInPath = P.get("c-in")) {
    const NpyArray C0 = loadNpy(*CInPath, "--c-in");
    auto [R0, C0C] = matrixShape(C0, "--c-in", CExpected);
    if (R0 != Spec.M || C0C != Spec.N)
      throw InputError("--c-in: " + C0.Path + " has shape " + C0.shapeString() +
                       "; expected " + CExpected);
    if (C0.Kind != C.Kind || C0.ItemBytes != C.ItemBytes)
      throw InputError("--c-in: " + expectOne(C0, C.dtypeString() + ", the dtype of --c " +
                                                      C.Path));
    CIn = reorder(C0, C.Fortran);
  }
  try {
    validateGemmSpec(Spec);
  } catch (const std::invalid_argument &E) {
    throw UsageError(E.what());
  }
  O.File = C.Path.c_str();
  return diff_gemm(Spec, A.Data.data(), B.Data.data(), CIn.empty() ? nullptr : CIn.data(),
                    C.Data.data(), O);
}

} // namespace

int runDiff(std::span<const char *const> Args, std::ostream &Out, std::ostream &Err) {
  try {
    const ParsedArgs P = parseArgs(Args, DiffFlags, "wavesan diff");
    if (P.has("help")) {
      Out << formatHelp(DiffOverview, DiffUsage, DiffFlags);
      return 0;
    }
    std::string Kernel;
    DiffOptions O = diffOptions(P, Kernel);
    const std::string Op = P.required("op", "(gemm or reduce)");
    DiffResult R;
    if (Op == "reduce")
      R = diffReduce(P, O);
    else if (Op == "gemm")
      R = diffGemm(P, O);
    else
      throw UsageError("--op='" + Op + "': expected gemm or reduce");
    Out << R.Report;
    if (!R.Report.empty() && R.Report.back() != '\n')
      Out << '\n';
    return R.Pass ? 0 : 1;
  } catch (const UsageError &E) {
    Err << "wavesan diff: error: " << E.what() << "\n";
  } catch (const InputError &E) {
    Err << "wavesan diff: error: " << E.what() << "\n";
  } catch (const std::exception &E) {
    // check_* reject a spec (std::invalid_argument) or a reference backend that is not
    // built or has no device (std::runtime_error): the message names it.
    Err << "wavesan diff: error: " << E.what() << "\n";
  }
  return 2;
}

} // namespace wavesan::cli
