# --- roofline_test -------------------------------------------
# RooflineTest.cpp: the arithmetic (wavesan/roofline.h) against figures worked out by hand (docs/hardware.md).
# RooflineCliTest.cpp: `wavesan roofline` in process (roofline_command.cpp and args.cpp
# compiled in): text golden, JSON golden (testdata/roofline/), bad inputs and exit codes;
# plus the built bin/wavesan (WAVESAN_CLI) for the dispatch from main.cpp.
if(TARGET wavesan-roofline)
  find_package(nlohmann_json 3 REQUIRED)   # the JSON golden is compared parsed
  wavesan_test(roofline_test RooflineTest.cpp RooflineCliTest.cpp
    ${PROJECT_SOURCE_DIR}/sanitizer/tools/cli/roofline_command.cpp
    ${PROJECT_SOURCE_DIR}/sanitizer/tools/cli/args.cpp)
  target_include_directories(roofline_test PRIVATE ${PROJECT_SOURCE_DIR}/sanitizer/tools/cli)
  target_link_libraries(roofline_test PRIVATE wavesan-roofline nlohmann_json::nlohmann_json)
  if(TARGET wavesan-cli)
    target_compile_definitions(roofline_test PRIVATE WAVESAN_CLI="$<TARGET_FILE:wavesan-cli>")
    add_dependencies(roofline_test wavesan-cli)
  endif()
endif()
# --- end
