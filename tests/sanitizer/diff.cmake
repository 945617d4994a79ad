# tests of wavesan-diff (diff_reduction / diff_gemm, reports, GoogleTest macros). Goldens in
# testdata/wavesan-diff/.
if(TARGET wavesan-diff)
  wavesan_test(diff_test DiffReductionTest.cpp DiffGemmTest.cpp DiffReportTest.cpp
    DiffSplitTest.cpp)
  target_link_libraries(diff_test PRIVATE wavesan-diff)
  # The former names: wavesan/check.h's deprecated aliases, through the CMake target
  # wavesan::wavesan-check (sanitizer/package/).
  if(TARGET wavesan::wavesan-check)
    wavesan_test(diff_compat_test DiffCompatTest.cpp)
    target_link_libraries(diff_compat_test PRIVATE wavesan::wavesan-check)
  endif()
endif()
