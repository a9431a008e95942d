define dllexport void @haar_pairs(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 %v1)
  %v18 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %v19 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 4, i32 undef)
  %v20 = add <8 x i32> %v18, %v19
  %v21 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> undef, <8 x i32> %v20, i32 0, i32 8, i32 2, i16 0, i32 undef, i1 true)
  %v22 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 64, i32 undef)
  %v23 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 68, i32 undef)
  %v24 = add <8 x i32> %v22, %v23
  %v25 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %v21, <8 x i32> %v24, i32 0, i32 8, i32 2, i16 64, i32 undef, i1 true)
  %v26 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %v27 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 4, i32 undef)
  %v28 = sub <8 x i32> %v26, %v27
  %v29 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %v25, <8 x i32> %v28, i32 0, i32 8, i32 2, i16 4, i32 undef, i1 true)
  %v30 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 64, i32 undef)
  %v31 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 68, i32 undef)
  %v32 = sub <8 x i32> %v30, %v31
  %v33 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %v29, <8 x i32> %v32, i32 0, i32 8, i32 2, i16 68, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32i32(i32 %arg1, i32 %v1, <32 x i32> %v33)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @haar_pairs, !"haar_pairs", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
