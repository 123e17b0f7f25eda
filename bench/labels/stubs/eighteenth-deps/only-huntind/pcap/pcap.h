// Stub (eighteenth set, Corgile/huntind): the libpcap names its packet types and live parser
// use. Declarations only.
#pragma once
#include <sys/time.h>
#include <sys/types.h>
#define PCAP_ERRBUF_SIZE 256
typedef struct pcap pcap_t;
typedef struct pcap_if pcap_if_t;
struct pcap_if { struct pcap_if *next; char *name; char *description; unsigned int flags; };
struct pcap_pkthdr { struct timeval ts; unsigned int caplen; unsigned int len; };
struct bpf_program { unsigned int bf_len; void *bf_insns; };
typedef void (*pcap_handler)(u_char *, const struct pcap_pkthdr *, const u_char *);
extern "C" {
pcap_t *pcap_open_live(const char *device, int snaplen, int promisc, int to_ms, char *errbuf);
int pcap_set_promisc(pcap_t *p, int promisc);
int pcap_set_buffer_size(pcap_t *p, int buffer_size);
int pcap_compile(pcap_t *p, struct bpf_program *fp, const char *str, int optimize, unsigned int netmask);
int pcap_setfilter(pcap_t *p, struct bpf_program *fp);
void pcap_freecode(struct bpf_program *fp);
int pcap_loop(pcap_t *p, int cnt, pcap_handler callback, u_char *user);
void pcap_breakloop(pcap_t *p);
void pcap_close(pcap_t *p);
char *pcap_geterr(pcap_t *p);
int pcap_findalldevs(pcap_if_t **alldevsp, char *errbuf);
void pcap_freealldevs(pcap_if_t *alldevs);
}
