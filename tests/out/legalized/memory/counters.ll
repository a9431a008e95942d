define dllexport void @counters(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %v0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v2 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v1, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v3 = and <8 x i32> %v2, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %v4 = shl <8 x i32> %v3, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v5 = call <8 x i32> @llvm.genx.dword.atomic.add.v8i32.v8i1.v8i32.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %arg0, <8 x i32> %v4, <8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>, <8 x i32> undef)
  %v6 = call <8 x i32> @llvm.genx.dword.atomic.inc.v8i32.v8i1.v8i32.v8i32(<8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>, i32 %arg0, <8 x i32> %v4, <8 x i32> undef)
  %v7 = call <8 x i32> @llvm.genx.dword.atomic.cmpxchg.v8i32.v8i1.v8i32.v8i32.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %arg0, <8 x i32> %v4, <8 x i32> %v5, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <8 x i32> undef)
  %v8 = add <8 x i32> %v5, %v7
  call void @llvm.genx.oword.st.v8i32(i32 %arg1, i32 %v0, <8 x i32> %v8)
  ret void
}

declare <8 x i32> @llvm.genx.dword.atomic.add.v8i32.v8i1.v8i32.v8i32.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.dword.atomic.cmpxchg.v8i32.v8i1.v8i32.v8i32.v8i32.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.dword.atomic.inc.v8i32.v8i1.v8i32.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>)
declare i32 @llvm.genx.group.id.x.i32()
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @counters, !"counters", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"buffer_t write_only"}
