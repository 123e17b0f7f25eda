// Stub for bench/labels: kureta/ddsp-libtorch (tenth set) includes <jack/jack.h> for the
// JACK audio client types its JackConnection class holds. JACK is not installed here.
// Declarations only.
#pragma once
#include <cstdint>
typedef uint32_t jack_nframes_t;
typedef float jack_default_audio_sample_t;
typedef struct _jack_port jack_port_t;
typedef struct _jack_client jack_client_t;
typedef int jack_options_t;
typedef int jack_status_t;
enum { JackNullOption = 0, JackServerFailed = 0x10, JackServerStarted = 0x20, JackNameNotUnique = 0x04,
       JackPortIsInput = 0x1, JackPortIsOutput = 0x2, JackPortIsPhysical = 0x4 };
#define JACK_DEFAULT_AUDIO_TYPE "32 bit float mono audio"
typedef int (*JackProcessCallback)(jack_nframes_t nframes, void *arg);
typedef void (*JackShutdownCallback)(void *arg);
extern "C" {
jack_client_t *jack_client_open(const char *client_name, jack_options_t options, jack_status_t *status, ...);
int jack_client_close(jack_client_t *client);
char *jack_get_client_name(jack_client_t *client);
int jack_set_process_callback(jack_client_t *client, JackProcessCallback process_callback, void *arg);
void jack_on_shutdown(jack_client_t *client, JackShutdownCallback function, void *arg);
jack_port_t *jack_port_register(jack_client_t *client, const char *port_name, const char *port_type,
                                unsigned long flags, unsigned long buffer_size);
void *jack_port_get_buffer(jack_port_t *port, jack_nframes_t nframes);
int jack_activate(jack_client_t *client);
const char **jack_get_ports(jack_client_t *client, const char *port_name_pattern, const char *type_name_pattern,
                            unsigned long flags);
int jack_connect(jack_client_t *client, const char *source_port, const char *destination_port);
const char *jack_port_name(const jack_port_t *port);
void jack_free(void *ptr);
}
