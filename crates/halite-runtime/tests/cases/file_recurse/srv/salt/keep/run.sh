#!/bin/sh
echo run
