// Declarations-only stand-in for a protoc-generated header of DVA490-474-Project-Course/centralised-ai
// (twenty-second set): the message names its headers mention; the build generates them from
// src/*/proto with protoc. No bodies.
#pragma once
class SslWrapperPacket;
