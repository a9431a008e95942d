define dllexport void @slm_neighbor(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <3 x i32> @llvm.genx.local.id.v3i32()
  %v2 = call <3 x i32> @llvm.genx.local.size.v3i32()
  %v3 = call i32 @llvm.genx.rdregioni.i32.v3i32.i16(<3 x i32> %v1, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v4 = call i32 @llvm.genx.rdregioni.i32.v3i32.i16(<3 x i32> %v2, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v5 = mul i32 %v0, %v4
  %v6 = add i32 %v5, %v3
  %v7 = shl i32 %v6, 3
  %v8 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v7)
  %v9 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v8, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v10 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v8, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v11 = fadd <16 x float> %v9, %v10
  %v12 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %v11, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v13 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %v11, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v14 = fadd <8 x float> %v12, %v13
  %v15 = shl i32 %v3, 1
  call void @llvm.genx.oword.st.v8f32(i32 254, i32 %v15, <8 x float> %v14)
  call void @llvm.genx.barrier()
  %v18 = add i32 %v3, 1
  %v19 = icmp eq i32 %v18, %v4
  %v20 = select i1 %v19, i32 0, i32 %v18
  %v21 = shl i32 %v20, 1
  %v22 = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 254, i32 %v21)
  %v23 = fadd <8 x float> %v14, %v22
  %v24 = shl i32 %v6, 1
  call void @llvm.genx.oword.st.v8f32(i32 %arg1, i32 %v24, <8 x float> %v23)
  ret void
}

declare void @llvm.genx.barrier()
declare i32 @llvm.genx.group.id.x.i32()
declare <3 x i32> @llvm.genx.local.id.v3i32()
declare <3 x i32> @llvm.genx.local.size.v3i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare <8 x float> @llvm.genx.oword.ld.v8f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare i32 @llvm.genx.rdregioni.i32.v3i32.i16(<3 x i32>, i32, i32, i32, i16, i32)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @slm_neighbor, !"slm_neighbor", !1, i32 256, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
