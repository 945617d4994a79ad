# tests of wavesan-check. Goldens in testdata/wavesan-check/.
if(TARGET wavesan-check)
  wavesan_test(check_test CheckReductionTest.cpp CheckGemmTest.cpp CheckReportTest.cpp
    CheckSplitTest.cpp)
  target_link_libraries(check_test PRIVATE wavesan-check)
endif()
