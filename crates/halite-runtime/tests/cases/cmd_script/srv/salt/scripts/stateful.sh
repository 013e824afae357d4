#!/bin/sh
echo "doing things"
echo "changed=yes comment='did it'"
