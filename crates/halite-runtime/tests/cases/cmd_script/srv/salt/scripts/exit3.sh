#!/bin/sh
echo out; echo err >&2; exit 3
