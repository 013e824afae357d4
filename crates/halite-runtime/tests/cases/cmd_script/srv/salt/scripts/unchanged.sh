#!/bin/sh
echo '{"changed": false, "comment": "nothing to do"}'
