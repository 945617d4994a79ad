//===--- HostLaunchesTest.cpp - kernels the host launches, at which width --===//
///
/// model/HostLaunches.h on small units parsed for gfx942's device pass with
/// the stand-in headers: which launches are reachable at 32 and at 64 lanes
/// (conditions on the device's wave size in the launching function and in its
/// callers) and the block shape of the launches at 64.
///
//===----------------------------------------------------------------------===//
#include "model/HostLaunches.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Mangle.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>
#include <memory>

using namespace wavecheck::model;

namespace {

/// The launches of \p Code, keyed by the kernel's mangled name.
std::map<std::string, HostLaunch> launchesOf(const std::string &Code) {
  std::vector<std::string> Args = {"-x", "hip", "--cuda-device-only", "--offload-arch=gfx942",
                                   "-nogpuinc", "-nogpulib", "-std=c++17", "-isystem",
                                   std::string(WAVECHECK_SOURCE_DIR) + "/checker/standin"};
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(Code, Args, "unit.hip", "clang-22");
  EXPECT_TRUE(AST);
  if (!AST)
    return {};
  EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  clang::ASTContext &Ctx = AST->getASTContext();
  std::unique_ptr<clang::MangleContext> MC(Ctx.createMangleContext());
  return hostLaunches(Ctx, [&](const clang::FunctionDecl *FD) {
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    MC->mangleName(clang::GlobalDecl(FD), OS);
    return Name;
  });
}

/// The one launch whose mangled name contains \p Part.
const HostLaunch *find(const std::map<std::string, HostLaunch> &Ls, llvm::StringRef Part) {
  const HostLaunch *Found = nullptr;
  for (const auto &[Name, L] : Ls)
    if (llvm::StringRef(Name).contains(Part)) {
      EXPECT_EQ(Found, nullptr) << "two kernels match " << Part.str();
      Found = &L;
    }
  return Found;
}

TEST(HostLaunches, InstantiationChosenByTheAttributeWaveSize) {
  auto Ls = launchesOf(R"(#include <hip/hip_runtime.h>
template <int Cols> __global__ void tile(float *p) { p[threadIdx.x] = Cols; }
template <int Lanes, int Cols> void run(float *p) {
  dim3 block(4 * Lanes);
  tile<Cols><<<1, block>>>(p);
}
void pick(float *p) {
  int ws = 0;
  hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0);
  if (ws == 64)
    run<64, 512>(p);
  else
    run<32, 256>(p);
}
)");
  const HostLaunch *Narrow = find(Ls, "tileILi256");
  const HostLaunch *Wide = find(Ls, "tileILi512");
  ASSERT_TRUE(Narrow && Wide);
  EXPECT_TRUE(Narrow->AtWave32);
  EXPECT_FALSE(Narrow->AtWave64);
  EXPECT_FALSE(Wide->AtWave32);
  EXPECT_TRUE(Wide->AtWave64);
  ASSERT_TRUE(Wide->Block64);
  EXPECT_EQ(*Wide->Block64, (BlockShape{256, 1, 1}));
}

TEST(HostLaunches, EarlyReturnOnTheDevicePropertyAndTernaryChoice) {
  auto Ls = launchesOf(R"(#include <hip/hip_runtime.h>
__global__ void wide(float *p) { p[threadIdx.x] = 1; }
__global__ void narrow(float *p) { p[threadIdx.x] = 2; }
__global__ void either(float *p) { p[threadIdx.x] = 3; }
void onlyWide(float *p) {
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, 0);
  if (prop.warpSize != 64)
    return;
  wide<<<1, dim3(32, 8)>>>(p);
}
void choose(float *p, int n) {
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, 0);
  const int lanes = prop.warpSize;
  lanes == 32 ? narrow<<<1, 64>>>(p) : void();
  if (n > 3)
    either<<<1, lanes * 2>>>(p);
}
)");
  const HostLaunch *Wide = find(Ls, "4wide");
  const HostLaunch *Narrow = find(Ls, "6narrow");
  const HostLaunch *Either = find(Ls, "6either");
  ASSERT_TRUE(Wide && Narrow && Either);
  EXPECT_FALSE(Wide->AtWave32);
  EXPECT_TRUE(Wide->AtWave64);
  ASSERT_TRUE(Wide->Block64);
  EXPECT_EQ(*Wide->Block64, (BlockShape{32, 8, 1}));
  EXPECT_TRUE(Narrow->AtWave32);
  EXPECT_FALSE(Narrow->AtWave64);
  // A condition on something else restricts nothing; the block follows the
  // wave size.
  EXPECT_TRUE(Either->AtWave32);
  EXPECT_TRUE(Either->AtWave64);
  ASSERT_TRUE(Either->Block64);
  EXPECT_EQ(*Either->Block64, (BlockShape{128, 1, 1}));
}

TEST(HostLaunches, ShapesThatDisagreeOrChangeAreNotOne) {
  auto Ls = launchesOf(R"(#include <hip/hip_runtime.h>
__global__ void k(float *p) { p[threadIdx.x] = 1; }
__global__ void m(float *p) { p[threadIdx.x] = 1; }
__global__ void unused(float *p) { p[threadIdx.x] = 1; }
void twice(float *p, int n) {
  k<<<1, 128>>>(p);
  k<<<1, 256>>>(p);
  dim3 block(64);
  if (n > 1)
    block.x = 128;
  m<<<1, block>>>(p);
}
)");
  const HostLaunch *K = find(Ls, "1k");
  const HostLaunch *M = find(Ls, "1m");
  ASSERT_TRUE(K && M);
  EXPECT_TRUE(K->AtWave32 && K->AtWave64);
  EXPECT_FALSE(K->Block64);
  EXPECT_FALSE(M->Block64);
  EXPECT_EQ(find(Ls, "unused"), nullptr);
}

} // namespace
