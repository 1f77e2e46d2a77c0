// A small legal bot for the arena tests, simple I/O: PLAY the tile it
// draws, PASS otherwise. With the argument "keep" it keeps running.
#include <iostream>
#include <string>

static std::string answer(const std::string& request) {
    if (request.size() > 2 && request[0] == '2' && request[1] == ' ') return "PLAY " + request.substr(2);
    return "PASS";
}

int main(int argc, char** argv) {
    bool keep = argc > 1 && std::string(argv[1]) == "keep";
    std::string line, request;
    int n = 0;
    if (!std::getline(std::cin, line)) return 1;
    n = std::stoi(line);
    for (int i = 0; i < 2 * n - 1; i++) {
        std::getline(std::cin, line);
        if (i % 2 == 0) request = line;
    }
    std::cout << answer(request) << std::endl;
    if (!keep) return 0;
    std::cout << ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<" << std::endl;
    while (std::getline(std::cin, line)) {
        std::cout << answer(line) << "\n>>>BOTZONE_REQUEST_KEEP_RUNNING<<<" << std::endl;
    }
    return 0;
}
