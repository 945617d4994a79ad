# Packaging and CLI tests (sanitizer/package/, docs/wavesan-integration.md).

# IntegConsumer.InstalledPackage: tests/consumer/ built against an installed wavesan
# (find_package + wavesan_add_kernel_test), then its ctest run. ccache speeds up the
# consumer's rebuilds when it is installed.
# The installed tree it checks has bin/wavesan-cc: not in a wavesan-only build.
find_program(WAVESAN_CCACHE ccache)
set(_launcher)
if(WAVESAN_CCACHE)
  set(_launcher "-DLAUNCHER=${WAVESAN_CCACHE}")
endif()
if(TARGET wavesan-cc)
add_test(NAME IntegConsumer.InstalledPackage
  COMMAND ${CMAKE_COMMAND}
    -DWAVESAN_BUILD_DIR=${PROJECT_BINARY_DIR}
    -DCONSUMER_SOURCE_DIR=${PROJECT_SOURCE_DIR}/tests/consumer
    -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/consumer
    -DGENERATOR=${CMAKE_GENERATOR}
    -DCXX_COMPILER=${CMAKE_CXX_COMPILER}
    -DCTEST_COMMAND=${CMAKE_CTEST_COMMAND}
    ${_launcher}
    -P ${PROJECT_SOURCE_DIR}/tests/consumer/RunConsumer.cmake)
set_tests_properties(IntegConsumer.InstalledPackage PROPERTIES TIMEOUT 600 RUN_SERIAL TRUE)
endif()

# IntegCli.*: `wavesan diff` on .npy files the test writes with xtensor (needs the diff,
# wavesan-diff, like the CLI itself); IntegNpy.*: hand-made and hostile .npy headers.
if(TARGET wavesan-cli)
  find_package(xtensor REQUIRED)
  wavesan_test(integ_cli_test IntegCliTest.cpp IntegNpyTest.cpp)
  target_link_libraries(integ_cli_test PRIVATE xtensor)
  target_compile_definitions(integ_cli_test PRIVATE WAVESAN_CLI="$<TARGET_FILE:wavesan-cli>")
  add_dependencies(integ_cli_test wavesan-cli)
endif()

# ExplainCli.*: `wavesan explain <kind>` prints the rule doc compiled into the CLI.
if(TARGET wavesan-cli)
  wavesan_test(explain_cli_test ExplainCliTest.cpp)
  target_compile_definitions(explain_cli_test PRIVATE WAVESAN_CLI="$<TARGET_FILE:wavesan-cli>")
  add_dependencies(explain_cli_test wavesan-cli)
endif()

# The sanitiser demo of scripts/demo: testdata/wavesan-demo/ported_kernels.hip run on the
# emulator, its .npy dumps diffed by `wavesan diff`; IntegDemo.* compares the whole output
# with testdata/wavesan-demo/expected.txt.
if(TARGET wavesan-cli)
  set(_demo_src ${PROJECT_SOURCE_DIR}/testdata/wavesan-demo/ported_kernels.hip)
  set_source_files_properties(${_demo_src} PROPERTIES LANGUAGE CXX)
  add_executable(wavesan-demo-kernels ${_demo_src})
  set_target_properties(wavesan-demo-kernels PROPERTIES OUTPUT_NAME wavesan-demo-kernels)
  target_link_libraries(wavesan-demo-kernels PRIVATE wavesan::wavesan xtensor)
endif()
if(TARGET wavesan-demo-kernels)
  wavesan_test(integ_demo_test IntegDemoTest.cpp)
  target_compile_definitions(integ_demo_test PRIVATE WAVESAN_BUILD_DIR="${PROJECT_BINARY_DIR}")
  add_dependencies(integ_demo_test wavesan-demo-kernels wavesan-cli)
endif()
