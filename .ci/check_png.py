#!/usr/bin/env python3
"""Checks that a screenshot is not blank: it decodes the PNG with zlib alone (no PIL on a
fresh machine) and requires many distinct colours and some sky-blue and some green pixels.

Usage: check_png.py FILE.png [MIN_COLOURS]
"""
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace:
        sys.exit(f"{path}: unsupported PNG layout {header}")
    channels = 4 if colour_type == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        filt = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if filt == 1:
                line[i] = (line[i] + a) & 255
            elif filt == 2:
                line[i] = (line[i] + b) & 255
            elif filt == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif filt == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    path = sys.argv[1]
    minimum = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    width, height, channels, rows = decode(path)
    colours, sky, green = set(), 0, 0
    for row in rows:
        for x in range(0, width * channels, channels * 3):
            r, g, b = row[x], row[x + 1], row[x + 2]
            colours.add((r, g, b))
            sky += b > 180 and b > r + 20
            green += g > r + 15 and g > b + 15
    print(f"{path}: {width}x{height}, {len(colours)} colours (sampled), sky {sky}, green {green}")
    if len(colours) < minimum or sky == 0 or green == 0:
        sys.exit(f"{path}: looks blank or wrong")


main()
