define dllexport void @dword2(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %v0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v2 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v1, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v3 = shl <8 x i32> %v2, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v4 = icmp ne <8 x i32> %v2, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %v5 = call <8 x i32> @llvm.genx.dword.atomic2.add.v8i32.v8i1.v8i32.v8i32(<8 x i1> %v4, i32 %arg0, <8 x i32> %v3, <8 x i32> <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>)
  %v6 = call <8 x i32> @llvm.genx.dword.atomic2.dec.v8i32.v8i1.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %arg0, <8 x i32> %v3)
  %v7 = call <8 x i32> @llvm.genx.dword.atomic2.cmpxchg.v8i32.v8i1.v8i32.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %arg0, <8 x i32> %v3, <8 x i32> %v5, <8 x i32> %v6)
  %v8 = call <8 x i32> @llvm.genx.dword.atomic2.imin.v8i32.v8i1.v8i32.v8i32(<8 x i1> %v4, i32 %arg0, <8 x i32> %v3, <8 x i32> %v7)
  %v9 = bitcast <8 x i32> %v8 to <8 x float>
  %v10 = call <8 x float> @llvm.genx.dword.atomic.fcmpwr.v8f32.v8i1.v8i32.v8f32.v8f32.v8f32(<8 x i1> %v4, i32 %arg0, <8 x i32> %v3, <8 x float> %v9, <8 x float> <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>, <8 x float> %v9)
  %v11 = bitcast <8 x float> %v10 to <8 x i32>
  call void @llvm.genx.oword.st.v8i32(i32 %arg1, i32 %v0, <8 x i32> %v11)
  ret void
}

declare <8 x float> @llvm.genx.dword.atomic.fcmpwr.v8f32.v8i1.v8i32.v8f32.v8f32.v8f32(<8 x i1>, i32, <8 x i32>, <8 x float>, <8 x float>, <8 x float>)
declare <8 x i32> @llvm.genx.dword.atomic2.add.v8i32.v8i1.v8i32.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.dword.atomic2.cmpxchg.v8i32.v8i1.v8i32.v8i32.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.dword.atomic2.dec.v8i32.v8i1.v8i32(<8 x i1>, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.dword.atomic2.imin.v8i32.v8i1.v8i32.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>)
declare i32 @llvm.genx.group.id.x.i32()
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @dword2, !"dword2", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"buffer_t write_only"}
