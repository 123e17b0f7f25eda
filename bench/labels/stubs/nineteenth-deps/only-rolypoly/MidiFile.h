#pragma once
#include <string>
#include <vector>
namespace smf {
class MidiEvent : public std::vector<unsigned char> {
 public:
  int tick;
  int track;
  double seconds;
  bool isNoteOn() const;
  bool isNoteOff() const;
  int getKeyNumber() const;
  int getVelocity() const;
};
class MidiEventList {
 public:
  MidiEvent& operator[](int index);
  const MidiEvent& operator[](int index) const;
  int size() const;
  int getEventCount() const;
};
class MidiFile {
 public:
  MidiFile();
  bool read(const std::string& filename);
  int status() const;
  void linkNotePairs();
  void doTimeAnalysis();
  int getNumEvents(int track) const;
  int getTrackCount() const;
  MidiEventList& operator[](int track);
  const MidiEventList& operator[](int track) const;
};
}  // namespace smf
