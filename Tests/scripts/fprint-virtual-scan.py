#!/usr/bin/python3
"""Presents finger ID to libfprint's virtual_device reader at SOCKET (FP_VIRTUAL_DEVICE): one command per
connection, "SCAN ID". A finger enrolled under that id matches; any other does not.

Usage: fprint-virtual-scan.py SOCKET ID   (exits 1 when the reader is not open: connection refused)
"""
import socket
import sys

connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
try:
    connection.connect(sys.argv[1])
except OSError as error:
    print(f"the virtual reader is not open: {error}", file=sys.stderr)
    sys.exit(1)
connection.sendall(f"SCAN {sys.argv[2]}".encode())
connection.close()
