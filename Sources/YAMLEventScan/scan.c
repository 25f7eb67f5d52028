#include "YAMLEventScan.h"
#include <yaml.h>

long yaml_event_scan(const unsigned char *bytes, size_t length) {
    yaml_parser_t parser;
    yaml_event_t event;
    long count = 0;
    if (!yaml_parser_initialize(&parser)) return -1;
    yaml_parser_set_input_string(&parser, bytes, length);
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) {
            count = -1;
            break;
        }
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        count += 1;
        if (done) break;
    }
    yaml_parser_delete(&parser);
    return count;
}
