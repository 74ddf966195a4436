# SPDX-License-Identifier: MIT
# Writes the evemu scenarios of this folder (python3 make_scenarios.py).
# Writes evemu scenarios: each frame is a list of (type, code, value) at a time in seconds.
import os
S=0x2f; T=0x39; X=0x35; Y=0x36; TOOL=0x37; BT=0x14a
def write(name, frames):
    with open(f"{name}.events","w") as f:
        f.write("# EVEMU 1.3\n# device /dev/input/event5\nE: 0.0 0000 0000 0\n")
        for i,(t,evs) in enumerate(frames):
            sec=int(t); us=int(round((t-sec)*1e6))
            for ty,co,v in evs+[(0,0,0)]:
                f.write(f"E: {sec}.{us} {ty:04x} {co:04x} {v}\n")

write("palm", [
 (0.50,[(3,T,5),(3,X,100),(3,Y,100),(1,BT,1)]),
 (0.51,[(3,TOOL,2)]),
 (0.52,[(3,X,140)]),
 (0.53,[(3,TOOL,0)]),
 (0.54,[(3,T,-1),(1,BT,0)]),
 (0.55,[(3,T,6),(3,X,300),(1,BT,1)]),
 (0.56,[(3,T,-1),(1,BT,0)]),
 (0.57,[(3,TOOL,2),(3,T,7),(3,X,400)]),
 (0.58,[(3,T,-1)]),
 (0.59,[(3,T,8),(3,TOOL,0)]),
 (0.60,[(3,T,-1)]),
 (0.61,[(3,T,9),(3,X,500)]),
 (0.62,[(3,T,-1)]),
])
write("busy", [
 (0.50,[(3,S,2),(3,T,5),(3,X,100),(3,Y,100)]),
 (0.51,[(3,T,7),(3,X,500)]),
 (0.52,[(3,T,-1)]),
 (0.53,[(3,T,-1)]),
 (0.54,[(3,S,3),(3,X,800)]),
 (0.55,[(3,T,11)]),
 (0.56,[(3,T,-1)]),
])
write("slots", [
 (0.50,[(3,S,15),(3,T,4),(3,X,10),(3,Y,20)]),
 (0.51,[(3,S,0),(3,T,5),(3,X,50),(3,S,-3),(3,X,60)]),
 (0.52,[(3,S,9),(3,T,-1),(3,S,0),(3,X,5000),(3,Y,-300)]),
 (0.53,[(3,T,-1)]),
])
write("fuzz", [
 (0.50,[(3,T,1),(3,X,1000),(3,Y,1000),(3,S,1),(3,T,2),(3,X,200),(3,Y,200)]),
 (0.51,[(3,S,0),(3,X,1002),(3,Y,1001)]),
 (0.52,[(3,X,1010)]),
 (0.53,[(3,X,1008)]),
 (0.54,[(3,X,1030),(3,S,1),(3,X,201)]),
 (0.55,[(3,S,0),(3,X,1031),(3,S,1),(3,X,230)]),
 (0.56,[(3,S,0),(3,T,-1),(3,S,1),(3,T,-1)]),
])
